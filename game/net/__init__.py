"""Playing a battle over a network: an authoritative server and a client that mirrors it (headless).

- :mod:`game.net.protocol`: the typed messages, strict decoding, the hashes.
- :mod:`game.net.match`: one match on the server (its battle, seats, tokens, its save on disk).
- :mod:`game.net.server`: the asyncio websockets server holding many matches (``clinch serve``).
- :mod:`game.net.mirror`: a client's copy of the battle, rebuilt from the server's entries by the
  save's replay path (dice faces fed back as scripted dice, hashes compared).
- :mod:`game.net.client`: :class:`~game.net.client.NetClient`, a thread a pygame loop can poll, and the
  headless computer player of ``clinch join``.

Nothing here imports pygame.
"""
