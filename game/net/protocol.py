"""The wire protocol of a networked battle: typed messages, strict decoding, hashes (headless, no pygame).

Every message is one JSON text frame holding one msgspec struct of the tagged
union :data:`ClientMessage` (client to server) or :data:`ServerMessage`
(server to client); the tag is the field ``"t"``. Decoding is strict: an
unknown tag, an unknown field, a wrong type or a list longer than its cap is a
:class:`ProtocolError` with one sentence, and the message changes nothing.
Nothing here uses pickle or eval: intents travel as the ruleset's own
``to_dict`` form and are rebuilt by ``game.flow.turns.intent_from_dict``.

A battle on the wire is its initial state (with the dice seed blanked: the
server never sends the seed before the battle ends) and a list of
:class:`Entry` values: entry 0 is the start of the battle (initiative), entry
*k* > 0 the *k*-th intent applied, each with the log entries it wrote (their
dice faces and events) and :func:`net_hash` of the battle after it.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec

import game.rules  # noqa: F401 - every ruleset module, so that each registers
from game import __version__ as GAME_VERSION
from game.model import Battle
from game.model.battle import RngState
from game.rules.base import RULESETS

if TYPE_CHECKING:
    from game.rules.base import Ruleset

__all__ = [
    "PROTOCOL", "GAME_VERSION", "MAX_CLIENT_BYTES", "MAX_SERVER_BYTES", "ProtocolError", "Hello", "Intent",
    "Sync", "TakeBack", "Answer", "GiveSeat", "Entry", "Welcome", "Snapshot", "Ended", "Error", "Refused",
    "Presence", "TakeBackAsked", "TakeBackDone", "ClientMessage", "ServerMessage",
    "decode_client", "decode_server", "encode", "net_hash", "rules_fingerprint", "all_fingerprints",
    "match_hash", "group_entries", "blank_seed",
]

#: bumped whenever a message changes shape; a client of another version is refused in one sentence
#: (2: the join nonce, presence, take-back requests, a seat given to the computer)
PROTOCOL = 2
#: the largest message a client may send (an intent is a few hundred bytes); the websocket's max_size
MAX_CLIENT_BYTES = 64 * 1024
#: the largest message a server sends: a whole battle (initial state and every entry) for a late joiner
MAX_SERVER_BYTES = 64 * 1024 * 1024
#: entries one message may carry (a save holds at most game.files.saves.MAX_LOG log entries)
MAX_ENTRIES = 20_000

Text = Annotated[str, msgspec.Meta(max_length=200)]
Token = Annotated[str, msgspec.Meta(max_length=100)]
Index = Annotated[int, msgspec.Meta(ge=0, le=10_000_000)]
IntentDict = Annotated[dict[str, Any], msgspec.Meta(max_length=64)]


class ProtocolError(ValueError):
    """A message that is not one of ours: one sentence, nothing changed."""


class _Msg(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, kw_only=True):
    pass


# -- client to server ----------------------------------------------------------------------------

class Hello(_Msg, tag="hello"):
    """The handshake: versions, the rules this client has, and the seat it wants or holds.

    ``seat``: a side id, ``""`` for any free seat, ``"watch"`` to watch. ``token``: the secret of a seat
    held before (reconnecting); ``have``: how many entries the client holds already (it is sent the rest).
    ``match``: the :func:`match_hash` of ruleset and scenario the client expects, when it knows (a window
    that loaded the scenario); empty: any (the client checks the hash the :class:`Welcome` carries).
    ``nonce``: a secret the client drew for this join and keeps: were the connection to drop before the
    :class:`Welcome` (and its token) arrived, the same nonce again gets the same seat and token back, where a
    second plain join would find the seat taken by a token nobody holds.
    """

    protocol: int
    game: Text
    code: Text
    rules: Annotated[dict[Text, Text], msgspec.Meta(max_length=64)] = {}
    seat: Text = ""
    token: Token = ""
    have: Index = 0
    match: Text = ""
    nonce: Token = ""


class Intent(_Msg, tag="intent"):
    """One action for the seat holding ``token``; ``index`` is the entry it expects to become."""

    token: Token
    index: Index
    intent: IntentDict


class Sync(_Msg, tag="sync"):
    """Send me the whole battle again (the client's copy no longer matches the server's hash)."""

    token: Token


class TakeBack(_Msg, tag="takeback"):
    """Ask the other players to let this seat take back its last action (``index``: the entries the client
    holds, so that a request about a battle that moved on is refused as stale)."""

    token: Token
    index: Index


class Answer(_Msg, tag="answer"):
    """Accept or refuse the take-back request that would go back to entry ``index``."""

    token: Token
    index: Index
    accept: bool


class GiveSeat(_Msg, tag="giveseat"):
    """Give ``side``'s seat, whose player has been away longer than the wait, to the computer."""

    token: Token
    side: Text


ClientMessage = Hello | Intent | Sync | TakeBack | Answer | GiveSeat


# -- server to client ----------------------------------------------------------------------------

class Entry(_Msg, tag="entry"):
    """One applied step of the battle: ``index`` 0 is the start, then one per intent."""

    index: Index
    intent: dict[str, Any] | None = None
    log: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=MAX_ENTRIES)] = []
    hash: Text = ""


class Welcome(_Msg, tag="welcome"):
    """The seat given (``""`` for a spectator), its token, the battle so far (entries from ``have`` on)."""

    protocol: int
    game: Text
    code: Text
    seat: Text
    token: Token
    ruleset: Text
    scenario: Text
    match_hash: Text
    sides: Annotated[list[Text], msgspec.Meta(max_length=64)]
    initial: Battle
    first: Index = 0
    entries: Annotated[list[Entry], msgspec.Meta(max_length=MAX_ENTRIES)] = []


class Snapshot(_Msg, tag="snapshot"):
    """The whole battle, in answer to :class:`Sync`."""

    initial: Battle
    entries: Annotated[list[Entry], msgspec.Meta(max_length=MAX_ENTRIES)] = []


class Ended(_Msg, tag="ended"):
    """The battle is over: now the seed may be told, and the full state hash (``game.files.saves.state_hash``)."""

    seed: int
    winner: Text | None
    rounds: int
    state_hash: Text


class Error(_Msg, tag="error"):
    """A message was refused; nothing changed. ``entries``: how many entries the match has (a client holding
    fewer once it has read everything sent before this reply has lost some: it fetches the whole battle)."""

    text: str
    entries: int = -1


class Refused(_Msg, tag="refused"):
    """The handshake was refused (versions, rules, match, seat); the server closes the connection."""

    text: str


class Presence(_Msg, tag="presence"):
    """Which seats' players are away (side -> seconds since their connection dropped), how long a seat is
    kept (``wait``), which seats the computer plays, and the side of the match's host (may give a seat away)."""

    away: Annotated[dict[Text, float], msgspec.Meta(max_length=64)] = {}
    wait: float = 0.0
    computer: Annotated[list[Text], msgspec.Meta(max_length=64)] = []
    host: Text = ""


class TakeBackAsked(_Msg, tag="takeback_asked"):
    """``side`` asks to take back its last action: the battle would go back to ``index`` entries."""

    side: Text
    index: Index


class TakeBackDone(_Msg, tag="takeback_done"):
    """The answer to a take-back request: ``accepted`` (a :class:`Snapshot` of the battle rolled back follows)
    or not, in one sentence."""

    side: Text
    index: Index
    accepted: bool
    text: str


ServerMessage = Welcome | Entry | Snapshot | Ended | Error | Refused | Presence | TakeBackAsked | TakeBackDone

_client_decoder = msgspec.json.Decoder(ClientMessage)
_server_decoder = msgspec.json.Decoder(ServerMessage)
_encoder = msgspec.json.Encoder()


def encode(msg: _Msg) -> bytes:
    return _encoder.encode(msg)


def _decode(decoder: msgspec.json.Decoder, data: bytes | str, limit: int) -> Any:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise ProtocolError(f"The message is {len(data):,} bytes, more than the {limit:,} a message may be.")
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ProtocolError(f"The message has a wrong field: {_clause(exc)}.") from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"The message is not valid JSON: {_clause(exc)}.") from None
    except RecursionError:
        raise ProtocolError("The message nests deeper than any message does.") from None


def _clause(exc: Exception) -> str:
    text = " ".join(str(exc).split())[:160]
    return text.rstrip(".") or "no detail"


def decode_client(data: bytes | str) -> Hello | Intent | Sync | TakeBack | Answer | GiveSeat:
    """A client's message, or :class:`ProtocolError` (too long, not JSON, not one of ours)."""
    return _decode(_client_decoder, data, MAX_CLIENT_BYTES)


def decode_server(data: bytes | str) -> Any:
    return _decode(_server_decoder, data, MAX_SERVER_BYTES)


# -- hashes ------------------------------------------------------------------------------------------

def blank_seed(battle: Battle) -> Battle:
    """A copy of ``battle`` without its dice seed (what clients are sent; the counter stays)."""
    return msgspec.structs.replace(battle, rng=RngState(seed=0, counter=battle.rng.counter))


def net_hash(battle: Battle) -> str:
    """sha256 of the battle without its log and its seed: what server and clients compare after each entry.

    ``game.files.saves.state_hash`` covers the seed too, which clients learn only when the battle ends.
    """
    shell = msgspec.structs.replace(battle, log=[], rng=RngState(seed=0, counter=battle.rng.counter))
    return hashlib.sha256(msgspec.json.encode(shell, order="sorted")).hexdigest()


@cache
def _folder_digest(folder: str) -> str:
    h = hashlib.sha256()
    for path in sorted(Path(folder).rglob("*")):
        if path.suffix in (".py", ".json", ".toml") and "__pycache__" not in path.parts:
            h.update(path.relative_to(folder).as_posix().encode())
            h.update(path.read_bytes().replace(b"\r\n", b"\n"))
    return h.hexdigest()


def rules_fingerprint(ruleset: Ruleset) -> str:
    """sha256 of the ruleset's id and its folder's sources: two machines agree only on the same rules."""
    folder = type(ruleset).folder()
    return hashlib.sha256(f"{ruleset.id}\0{_folder_digest(str(folder))}".encode()).hexdigest()


def all_fingerprints() -> dict[str, str]:
    """Every ruleset this Clinch has, id -> :func:`rules_fingerprint` (sent in :class:`Hello`)."""
    return {rid: rules_fingerprint(cls()) for rid, cls in sorted(RULESETS.items())}


def match_hash(ruleset: Ruleset, initial: Battle) -> str:
    """The hash of ruleset and scenario a client checks the battle it was sent against."""
    body = msgspec.json.encode(blank_seed(initial), order="sorted")
    return hashlib.sha256(rules_fingerprint(ruleset).encode() + b"\0" + body).hexdigest()


def group_entries(log: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A controller's log cut into entries: the start (everything before the first intent), then each
    intent's log entry with the hooks' entries that follow it."""
    groups: list[list[dict[str, Any]]] = [[]]
    for item in log:
        if "intent" in item:
            groups.append([item])
        else:
            groups[-1].append(item)
    return groups
