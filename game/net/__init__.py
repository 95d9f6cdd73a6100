"""Playing a battle over a network: an authoritative server and a client that mirrors it (headless).

- :mod:`game.net.protocol`: the typed messages, strict decoding, the hashes.
- :mod:`game.net.match`: one match on the server (its battle, seats, tokens, its save on disk).
- :mod:`game.net.server`: the asyncio websockets server holding many matches (``clinch serve``).
- :mod:`game.net.mirror`: a client's copy of the battle, rebuilt from the server's entries by the
  save's replay path (dice faces fed back as scripted dice, hashes compared).
- :mod:`game.net.client`: :class:`~game.net.client.NetClient`, a thread a pygame loop can poll, and the
  headless computer player of ``clinch join``.

**The same battle as ``clinch simulate``.** With ``clinch serve --seed S``
(tests only) match *i* seeds its dice as ``clinch simulate --seed S`` seeds
battle *i* (``mix(S, i, "battle")``), and ``clinch join --seed S --battle i``
seeds the computer player as simulate seeds that battle's players
(``mix(mix(S, i), side)``) and lets its search see the seed simulate's does
(the search keys its scratch dice on the battle's seed and counter; the
client's copy has the counter, and the seed only in this test mode). The
server plays through the same controller settings as simulate's table (round
limit 200, written into the battle's options as ``--save-dir`` does), so for
the same scenario path the final state hash equals that of simulate's save.

Nothing here imports pygame.
"""
