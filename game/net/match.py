"""One match on the server: its battle, its seats and their secret tokens, and its files on disk.

The server is the authority: the battle lives here, played through the same
turn controller the window uses (``game.flow.turns.TurnController``: ``check``
then the play), with dice drawn from a seed the server took from the OS
(``secrets``) and tells nobody before the battle ends. Every applied intent
becomes an :class:`~game.net.protocol.Entry` sent to every client.

Nothing is lost: after every entry, before anyone is told of it, the battle
is written in the save format (``game.files.saves.make_save``, written atomically:
a temporary file, fsync, then rename) as ``DATA/CODE.json``,
and the seats' tokens as ``DATA/CODE.match.json``; :meth:`Match.restore`
re-plays the save (the replay ``clinch check-save`` makes) and goes on with
the seeded dice where they stood.

A refused message raises :class:`Refusal` (one sentence) and changes nothing.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from game.files.saves import SaveFile, encode_save, make_save, read_save, state_hash, write_atomic
from game.flow.sources import LogReplay
from game.flow.turns import TurnController, TurnSettings, intent_from_dict, side_ids
from game.model import Battle
from game.net.protocol import Entry, Intent, group_entries, match_hash, net_hash
from game.rules.base import Ruleset, find_ruleset

__all__ = ["Match", "Seat", "Refusal", "new_code", "CODE_RE", "SEAT_WAIT", "ROUND_LIMIT", "MatchMeta"]

#: seconds a dropped player's seat is kept for them (they reconnect with their token) before another may take it
SEAT_WAIT = 90.0
#: the round limit of a networked battle, as ``clinch simulate`` plays (a battle reaching it is a draw)
ROUND_LIMIT = 200
#: match codes: six letters and digits a person can read out (no 0/O, 1/I/L)
_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_RE = re.compile(r"^[A-Z2-9]{6}\Z")
#: spectators a match keeps tokens for
MAX_WATCHERS = 200


class Refusal(Exception):
    """A message refused with one sentence; the match is as it was."""


def new_code() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(6))


@dataclass
class Seat:
    """A side's seat: its token (empty until someone takes it) and whether its player is connected."""

    side: str
    token: str = ""
    connected: bool = False
    dropped_at: float | None = None
    #: the host gave this seat to the computer (its player was away longer than the wait)
    computer: bool = False


class MatchMeta(msgspec.Struct, forbid_unknown_fields=True):
    """What ``DATA/CODE.match.json`` holds besides the save: the scenario's path and the tokens."""

    code: str
    scenario: str
    seats: dict[str, str] = {}
    watchers: list[str] = []
    #: sha256 of a join's nonce -> the token it was given (the same join asked again gets it back)
    nonces: dict[str, str] = {}
    host: str = ""
    computer: list[str] = []


@dataclass
class Match:
    code: str
    scenario: str
    ruleset: Ruleset
    ctl: TurnController
    folder: Path | None
    entries: list[Entry] = field(default_factory=list)
    seats: dict[str, Seat] = field(default_factory=dict)
    watchers: list[str] = field(default_factory=list)
    seat_wait: float = SEAT_WAIT
    #: the side of the player who hosts the match (may give an away seat to the computer); "": any seated player
    host: str = ""
    nonces: dict[str, str] = field(default_factory=dict)
    #: an open take-back request: (side asking, entry index to go back to, sides that accepted)
    takeback: tuple[str, int, set[str]] | None = None
    _writing: threading.Lock = field(default_factory=threading.Lock, repr=False)

    # -- making one --------------------------------------------------------------------------------
    @classmethod
    def create(cls, code: str, scenario: str, battle: Battle, *, seed: int, folder: Path | None,
               round_limit: int = ROUND_LIMIT, seat_wait: float = SEAT_WAIT) -> Match:
        """A new match on a fresh copy of ``battle``, its dice seeded by ``seed`` (the battle is started)."""
        ruleset = find_ruleset(battle.ruleset)
        b = battle.clone(with_log=False)
        b.rng.seed = seed
        b.rng.counter = 0
        # the limit travels in the battle, so that replaying the save ends it where the match did
        limit = b.options.get("round_limit")
        if not limit or int(limit) > round_limit:
            b.options["round_limit"] = round_limit
        ruleset.setup(b)
        ctl = TurnController(b, ruleset, dice="seeded", seat=dict.fromkeys(side_ids(b), "ai"),
                             settings=_settings(round_limit))
        m = cls(code=code, scenario=scenario, ruleset=ruleset, ctl=ctl, folder=folder, seat_wait=seat_wait)
        m.seats = {s: Seat(s) for s in side_ids(b)}
        m.entries = [Entry(index=0, log=list(b.log), hash=net_hash(b))]
        m.save()
        return m

    @classmethod
    def restore(cls, meta_path: Path, *, seat_wait: float = SEAT_WAIT, now: float | None = None) -> Match:
        """The match whose files are ``CODE.match.json`` and ``CODE.json``: the save re-played, every entry
        rebuilt with its hash; ``ValueError`` (one sentence naming the file) if they are not sound."""
        try:
            meta = msgspec.json.decode(meta_path.read_bytes(), type=MatchMeta)
        except (OSError, msgspec.MsgspecError) as exc:
            raise ValueError(f"{meta_path}: not a match file ({' '.join(str(exc).split())[:120]}).") from None
        if not CODE_RE.match(meta.code) or meta_path.name != f"{meta.code}.match.json":
            raise ValueError(f"{meta_path}: code {meta.code[:20]!r} is not this file's match code.")
        save_path = meta_path.with_name(f"{meta.code}.json")
        save = read_save(save_path)
        try:
            ctl, entries = _replay(save)
        except Exception as exc:  # noqa: BLE001 - rules code ran on the file's data: whatever it raised is the file's
            raise ValueError(f"{save_path}: its log cannot be replayed ({type(exc).__name__}: "
                             f"{' '.join(str(exc).split())[:160]}).") from None
        if state_hash(ctl.battle) != save.state_hash:
            raise ValueError(f"{save_path}: replaying its log does not give the battle it holds (state hash).")
        ruleset = ctl.ruleset
        ctl.set_dice("seeded")  # the counter stands where the last seeded roll left it
        m = cls(code=meta.code, scenario=meta.scenario, ruleset=ruleset, ctl=ctl, folder=meta_path.parent,
                entries=entries, seat_wait=seat_wait)
        when = time.monotonic() if now is None else now
        m.seats = {s: Seat(s, token=meta.seats.get(s, ""), dropped_at=when if meta.seats.get(s) else None)
                   for s in side_ids(ctl.battle)}
        m.watchers = list(meta.watchers[:MAX_WATCHERS])
        m.nonces = dict(list(meta.nonces.items())[:MAX_WATCHERS + len(m.seats)])
        m.host = meta.host if meta.host in m.seats else ""
        for side in meta.computer:
            if side in m.seats:
                m.seats[side].computer, m.seats[side].dropped_at = True, None
        return m

    # -- facts ---------------------------------------------------------------------------------------
    @property
    def battle(self) -> Battle:
        return self.ctl.battle

    @property
    def over(self) -> bool:
        return self.ctl.battle.ended

    def hash(self) -> str:
        """The hash of ruleset and scenario clients check (``game.net.protocol.match_hash``)."""
        return match_hash(self.ruleset, self.ctl.initial or self.battle)

    def seat_of(self, token: str) -> str | None:
        """The side ``token`` holds, ``""`` for a spectator's token, ``None`` for a token of nobody's."""
        if not token:
            return None
        for seat in self.seats.values():
            if seat.token and secrets.compare_digest(seat.token, token):
                return seat.side
        if any(secrets.compare_digest(w, token) for w in self.watchers):
            return ""
        return None

    # -- joining -----------------------------------------------------------------------------------
    def take_seat(self, wanted: str, token: str, now: float, nonce: str = "") -> tuple[str, str]:
        """(side, token) for a player asking for ``wanted`` (a side, ``""`` any, ``"watch"``); :class:`Refusal`.

        ``nonce``: the join's own secret; a join whose Welcome was lost asks again with it and is given the
        seat and token of the first time (if that token still holds a seat)."""
        if token:
            side = self.seat_of(token)
            if side is None:
                raise Refusal("That token holds no seat in this match; its seat may have been given to the "
                              "computer.")
            return side, token
        key = hashlib.sha256(nonce.encode()).hexdigest() if nonce else ""
        if key and key in self.nonces:
            side = self.seat_of(self.nonces[key])
            if side is not None:
                return side, self.nonces[key]
        side, token = self._new_seat(wanted, now)
        if key and len(self.nonces) < MAX_WATCHERS + len(self.seats):
            self.nonces[key] = token
        self.save_meta()
        return side, token

    def _new_seat(self, wanted: str, now: float) -> tuple[str, str]:
        if wanted == "watch":
            if len(self.watchers) >= MAX_WATCHERS:
                raise Refusal(f"This match has {MAX_WATCHERS} spectators already.")
            self.watchers.append(secrets.token_urlsafe(24))
            return "", self.watchers[-1]
        if wanted and wanted not in self.seats:
            raise Refusal(f"This match has no side {wanted!r} (its sides: {', '.join(self.seats)}).")
        for side in [wanted] if wanted else list(self.seats):
            seat = self.seats[side]
            free = not seat.computer and (not seat.token or (not seat.connected and seat.dropped_at is not None
                                                             and now - seat.dropped_at > self.seat_wait))
            if free:
                seat.token = secrets.token_urlsafe(24)
                seat.dropped_at = None
                return side, seat.token
        if wanted:
            raise Refusal(f"The seat {wanted!r} is taken; watch instead, or ask for another side.")
        raise Refusal("Every seat of this match is taken; join to watch instead.")

    # -- playing -----------------------------------------------------------------------------------
    def play(self, side: str, msg: Intent) -> Entry:
        """Check and play one intent for ``side``; the new entry, or :class:`Refusal` with nothing changed.

        The caller writes the battle (:meth:`files`, then :meth:`write`) before it tells anyone."""
        if not side:
            raise Refusal("A spectator cannot act.")
        if self.over:
            raise Refusal("The battle is over.")
        if msg.index != len(self.entries):
            raise Refusal(f"That intent expects entry {msg.index}, but the battle is at entry {len(self.entries)}; "
                          f"catch up first.")
        try:
            intent = intent_from_dict(self.ruleset, msg.intent)
        except Exception as exc:  # noqa: BLE001 - the ruleset's reader on data from the network
            raise Refusal(f"That is not an action of {self.ruleset.id}: {' '.join(str(exc).split())[:160]}.") \
                from None
        if getattr(intent, "ask", False):  # a choice after the roll is the window's alone; here the rules choose
            intent = dataclasses.replace(intent, ask=False)  # type: ignore[call-arg]
        actor = self.battle.get(intent.actor)
        if actor is not None and actor.side != side:
            raise Refusal(f"{actor.label} is not on your side ({side}).")
        try:
            reason = self.ctl.check(intent)
        except Exception as exc:  # noqa: BLE001 - a field the ruleset's check cannot read
            raise Refusal(f"That action cannot be checked: {' '.join(str(exc).split())[:160]}.") from None
        if reason is not None:
            raise Refusal(str(reason))
        start = len(self.battle.log)
        # checked just above: the trusted door plays it (submit would check it again, and a move's check - its
        # reachable hexes - was a third of the server's time per intent with 100 matches)
        result = self.ctl.apply(intent)
        if not result.ok:  # seeded dice never pause, and the intent does not ask: a bug, said as one
            raise Refusal(f"The server could not play that action ({result.status}).")
        entry = Entry(index=len(self.entries), intent=intent.to_dict(), log=self.battle.log[start:],
                      hash=net_hash(self.battle))
        self.entries.append(entry)
        return entry

    # -- away seats, the computer, take-backs -----------------------------------------------------
    def away(self, now: float) -> dict[str, float]:
        """Seats whose player dropped and has not come back: side -> seconds away."""
        return {s.side: round(now - s.dropped_at, 1) for s in self.seats.values()
                if s.token and not s.connected and not s.computer and s.dropped_at is not None}

    def give_to_computer(self, by: str, side: str, now: float) -> None:
        """``by``'s seat gives ``side``'s seat to the computer; :class:`Refusal` unless its player has been away
        longer than the wait (or never came) and ``by`` is the host (or any player, when nobody hosts)."""
        if not by:
            raise Refusal("A spectator cannot give a seat away.")
        if self.host and by != self.host:
            raise Refusal(f"Only the host ({self.host}) may give a seat to the computer.")
        seat = self.seats.get(side)
        if seat is None or side == by:
            raise Refusal(f"There is no other side {side!r} in this match.")
        if seat.computer:
            raise Refusal(f"The computer plays {side} already.")
        if seat.connected:
            raise Refusal(f"{side}'s player is here; their seat is theirs.")
        if seat.token and seat.dropped_at is not None and now - seat.dropped_at <= self.seat_wait:
            left = self.seat_wait - (now - seat.dropped_at)
            raise Refusal(f"{side}'s seat is kept for its player for another {left:.0f} s.")
        seat.computer, seat.token, seat.dropped_at = True, "", None
        self.save_meta()

    def ask_take_back(self, side: str, index: int) -> int:
        """``side`` asks to take back its last action (the client holds ``index`` entries): the entry index the
        battle would go back to; :class:`Refusal` (one sentence) when it may not: no action of theirs, dice
        rolled since (taking back never rolls the dice again), the battle over or moved on, a request open."""
        if not side:
            raise Refusal("A spectator cannot take anything back.")
        if self.over:
            raise Refusal("The battle is over; nothing can be taken back.")
        if index != len(self.entries):
            raise Refusal("The battle moved on since; look again before asking to take back.")
        if self.takeback is not None:
            raise Refusal("A take-back request is waiting for its answer already.")
        mine = [e.index for e in self.entries[1:] if self._side_of(e) == side]
        if not mine:
            raise Refusal("You have no action to take back.")
        k = mine[-1]
        if any(item.get("dice") for e in self.entries[k:] for item in e.log):  # a take-back never rolls again
            raise Refusal("Dice were rolled in or after your last action; it can no longer be taken back.")
        self.takeback = (side, k, set())
        return k

    def answer_take_back(self, side: str, index: int, accept: bool) -> bool | None:
        """``side``'s answer to the open request: ``True`` once every other player accepted (the caller rolls
        back: :meth:`roll_back`), ``False`` refused, ``None`` still waiting for others' answers."""
        tb = self.takeback
        if tb is None or tb[1] != index:
            raise Refusal("There is no take-back request to answer.")
        if not side or side == tb[0]:
            raise Refusal("Only the other players answer a take-back request.")
        if not accept:
            return False
        tb[2].add(side)
        return None if self.answering() - tb[2] else True

    def answering(self) -> set[str]:
        """The sides that must accept the open take-back request (the players at the other seats)."""
        if self.takeback is None:
            return set()
        return {s.side for s in self.seats.values() if s.side != self.takeback[0] and not s.computer}

    def roll_back(self, index: int) -> None:
        """The battle as it was with ``index`` entries: its log cut there and re-played from the start (the
        dice's counter comes back with it; no die was rolled in what is taken back)."""
        keep = sum(len(e.log) for e in self.entries[:index])
        save = make_save(self.ctl, scenario=self.scenario, title=f"match {self.code}")
        ctl, entries = _replay(msgspec.structs.replace(save, log=list(self.battle.log[:keep])))
        ctl.set_dice("seeded")
        self.ctl, self.entries, self.takeback = ctl, entries, None

    def _side_of(self, entry: Entry) -> str | None:
        actor = (entry.intent or {}).get("actor")
        f = self.battle.get(actor) if isinstance(actor, str) else None
        return f.side if f is not None else None

    # -- disk ----------------------------------------------------------------------------------------
    def save(self) -> None:
        """The battle in the save format, then the seats (both written atomically)."""
        self.write(self.files())

    def files(self) -> list[tuple[Path, bytes | SaveFile]]:
        """What :meth:`save` writes, taken now (the battle may change after): the save as a value whose log is a
        copy of the list (its entries are never changed once logged), encoded by :meth:`write` (which may run
        on another thread, later: encoding the whole log after every entry kept the server's loop busy)."""
        if self.folder is None:
            return []
        save = make_save(self.ctl, scenario=self.scenario, title=f"match {self.code}")
        return [(self.folder / f"{self.code}.json", save), self._meta_file()]

    def write(self, files: list[tuple[Path, bytes | SaveFile]]) -> None:
        """Encode and write each file atomically (``game.files.saves.write_atomic``); ``OSError`` if one cannot be.

        One write at a time per match, whichever thread asks (the loop writes the seats when someone joins,
        a worker the battle after an entry): both would use the same temporary file name."""
        with self._writing:
            for path, data in files:
                write_atomic(path, data if isinstance(data, bytes) else encode_save(data))

    def _meta_file(self) -> tuple[Path, bytes]:
        assert self.folder is not None
        meta = MatchMeta(code=self.code, scenario=self.scenario,
                         seats={s.side: s.token for s in self.seats.values() if s.token}, watchers=self.watchers,
                         nonces=self.nonces, host=self.host,
                         computer=[s.side for s in self.seats.values() if s.computer])
        return self.folder / f"{self.code}.match.json", msgspec.json.encode(meta)

    def save_meta(self) -> None:
        if self.folder is not None:
            self.write([self._meta_file()])

    def summary(self) -> dict[str, Any]:
        b = self.battle
        return {"code": self.code, "entries": len(self.entries), "round": b.round, "ended": b.ended,
                "winner": b.winner}


def _replay(save: SaveFile) -> tuple[TurnController, list[Entry]]:
    """A save's log re-played intent by intent from its initial battle (as ``game.files.saves.check_save`` does),
    with each entry's hash: the controller at the end and the entries."""
    ruleset = find_ruleset(save.ruleset)
    ctl = TurnController(save.initial.clone(), ruleset, source=LogReplay(save.log), seat=save.seat,
                         settings=_settings(int(save.initial.options.get("round_limit") or ROUND_LIMIT)))
    groups = group_entries(save.log)
    entries = [Entry(index=0, log=groups[0], hash=net_hash(ctl.battle))]
    for k, group in enumerate(groups[1:], start=1):
        ctl.apply(intent_from_dict(ruleset, group[0]["intent"]))
        entries.append(Entry(index=k, intent=group[0]["intent"], log=group, hash=net_hash(ctl.battle)))
    if len(ctl.battle.log) != len(save.log):
        raise ValueError(f"the replay wrote {len(ctl.battle.log)} log entries, the save holds {len(save.log)}")
    return ctl, entries


def _settings(round_limit: int) -> TurnSettings:
    return TurnSettings(round_limit=round_limit, undo_limit=0, autosave_dir=None)
