"""Checking one `[[expect]]` table against a game: the common keys here, the game's own
keys by its ruleset (`Positions.check_expect`)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Hashable, Mapping

from pmtui.engine.game import Game
from pmtui.engine.notation import Ambiguous, NoMatch, NotationError
from pmtui.engine.ruleset import DeckList
from pmtui.engine.state import Event, State, fold
from pmtui.engine.views import redact, view
from pmtui.table.session import HUMAN, LocalTable

from .load import SPECTATOR, Expect, Scenario, zone_key, zone_label


def strings(e: Mapping[str, object], key: str) -> list[str]:
    """A list-of-strings key of an expectation (loading checked its kind)."""
    value = e.get(key)
    return [str(x) for x in value] if isinstance(value, list) else []


def why_not(sc: Scenario, game: Game, text: str, exc: Exception) -> str:
    return sc.rs.explain(game.state, text) or str(exc)


def find_card(sc: Scenario, state: State, e: Mapping[str, object]) -> tuple[int | None, str]:
    text = str(e["card"])
    cid, _, num = text.partition("@")
    if num:
        if not num.isdigit() or int(num) >= len(state.cards) or state.cards[int(num)].cid != cid:
            return None, f"there is no card {text} in this game"
        return int(num), ""
    players = sc.players
    owners = [players.index(str(e["player"]))] if "player" in e else list(range(len(players)))
    found = [c.uid for c in state.cards if c.cid == cid and c.owner in owners]
    if not found:
        return None, f"no {cid} in this game"
    areas = sc.rs.positions.areas
    in_area = [u for u in found if state.cards[u].zone.partition("/")[2] in areas]
    pick = in_area or found
    if len(pick) > 1 and "zone" not in e:
        listed = ", ".join(f"{cid}@{u}" for u in pick)
        return None, f'card {cid} is ambiguous ({listed}); add player = "p1" or the @number'
    if "zone" in e:
        key = zone_key(str(e["zone"]), sc.path, sc.rs)
        there = [u for u in found if state.cards[u].zone == key]
        if there:
            return there[0], ""
    return pick[0], ""


def _names(state: State, uids: list[int]) -> list[str]:
    return [f"{state.cards[u].cid}@{u}" for u in uids]


def check_expect(sc: Scenario, game: Game, x: Expect) -> list[str]:
    """The problems with one expectation now (empty: it holds). With `not = true` the
    table holds when its checks do not all hold."""
    if not x.data.get("not"):
        return _check(sc, game, x)
    plain = {k: v for k, v in x.data.items() if k != "not"}
    if _check(sc, game, Expect(plain, x.line, x.after, x.deck)):
        return []
    shown = ", ".join(
        f"{k} = {v!r}" for k, v in plain.items() if k not in ("after", "note")
    )
    label = f" ({x.data['note']})" if "note" in x.data else ""
    return [f"expected not ({shown}), but it holds{label}"]


def since_start(game: Game) -> tuple[State, list[Event]]:
    """The position as set up (the events before the first decision) and the events since."""
    recs = game.records
    k = next((i for i, r in enumerate(recs) if r.get("type") == "decision"), len(recs))
    start = fold(r["event"] for r in recs[1:k] if r.get("type") == "event")
    return start, [r["event"] for r in recs[k:] if r.get("type") == "event"]


def _order_kept(before: list[int], now: list[int]) -> bool:
    """The cards that were in the zone and still are keep their relative order."""
    still = set(now)
    was = set(before)
    return [u for u in before if u in still] == [u for u in now if u in was]


def _check(sc: Scenario, game: Game, x: Expect) -> list[str]:
    e = x.data
    state = game.state
    players = sc.players
    out: list[str] = []
    label = f" ({e['note']})" if "note" in e else ""

    def bad(msg: str) -> None:
        out.append(msg + label)

    uid: int | None = None
    if "card" in e:
        uid, why = find_card(sc, state, e)
        if uid is None:
            bad(why)
            return out
        c = state.cards[uid]
        ref = f"{c.cid}@{uid}"
        if "zone" in e:
            key = zone_key(str(e["zone"]), sc.path, sc.rs)
            if c.zone != key:
                bad(f"expected {ref} in {e['zone']}, it is in {zone_label(c.zone, sc.rs)}")
        for problem in sc.rs.positions.check_expect(state, uid, e):
            bad(problem)
        if "down" in e and bool(c.f.get("down")) != bool(e["down"]):
            bad(f"expected {ref} to be face {'down' if e['down'] else 'up'}")
        if "state" in e:
            out += [m + label for m in _state_problems(sc, state, uid, e["state"], ref)]
        if "card_data" in e:
            data = sc.rs.card_info(c.cid).data
            for key, want in dict(e["card_data"]).items():
                if plain(data.get(key)) != want:
                    bad(f"expected {c.cid}'s {key} to be {want!r}, it is {plain(data.get(key))!r}")
    elif "zone" in e:
        key = zone_key(str(e["zone"]), sc.path, sc.rs)
        uids = list(state.zones.get(key, []))
        if "seen_by" in e:
            seen = view(sc.rs, state, players.index(str(e["seen_by"])))["zones"].get(key, [])
            hidden = isinstance(seen, int)
            if "hidden" in e and hidden != e["hidden"]:
                what = "only a count" if hidden else "the cards"
                bad(
                    f"expected {e['seen_by']} to {'not ' if not e['hidden'] else ''}see "
                    f"{e['zone']} hidden; they see {what}"
                )
            if hidden and "cards" in e:
                bad(f"{e['seen_by']} cannot see the cards of {e['zone']}, only their count")
                uids = []
        got = _names(state, uids)
        if "cards" in e:
            want = strings(e, "cards")
            if not same_cards(want, got, bool(e.get("ordered"))):
                bad(f"expected {e['zone']} to hold {_fmt(want)}, it holds {_fmt(got)}")
        if "count" in e and len(uids) != e["count"]:
            bad(f"expected {e['count']} cards in {e['zone']}, there are {len(uids)}")
        if "down" in e and not isinstance(e["down"], bool):
            n = sum(1 for u in uids if state.cards[u].f.get("down"))
            if n != e["down"]:
                bad(f"expected {e['down']} face-down cards in {e['zone']}, there are {n}")
        if "shuffled" in e or "order_kept" in e:
            start, since = since_start(game)
            if "shuffled" in e:
                n = sum(1 for ev in since if ev.get("t") == "shuffle" and ev.get("zone") == key)
                if bool(n) != e["shuffled"]:
                    was = f"was shuffled {n} time(s)" if n else "was not shuffled"
                    bad(f"expected {e['zone']} {'' if e['shuffled'] else 'not '}to be "
                        f"shuffled since the start; it {was}")
            if "order_kept" in e:
                kept = _order_kept(list(start.zones.get(key, [])), uids)
                if kept != e["order_kept"]:
                    bad(f"expected the order of {e['zone']} "
                        f"{'to stay' if e['order_kept'] else 'to change'} since the start; "
                        f"it {'stayed' if kept else 'changed'}")
    if "shown_to" in e:
        seat = str(e["shown_to"])
        got = _names(state, shown(sc, game, None if seat == SPECTATOR else players.index(seat)))
        want = strings(e, "cards")
        if not same_cards(want, got, False):
            bad(f"expected {seat} to be shown {_fmt(want)} by this step, they were shown "
                f"{_fmt(got)}")
    if "log_seen_by" in e:
        out += [problem + label for problem in _log_problems(sc, game, e)]
    if x.deck is not None:
        out += [problem + label for problem in _deck_problems(sc, x.deck, e)]
    if "winner" in e:
        over = game.over
        got_w = (
            "none"
            if over is None
            else ("draw" if over.get("winner") is None else players[over["winner"]])
        )
        if got_w != e["winner"]:
            detail = f" ({over.get('reason')})" if over else ""
            bad(f"expected winner {e['winner']}, got {got_w}{detail}")
    for problem in sc.rs.positions.check_expect(state, None, e):  # the game's moment keys
        bad(problem)
    if "state" in e and "card" not in e:
        out += [m + label for m in _state_problems(sc, state, None, e["state"], "the game")]
    d = game.pending()
    if "to_act" in e:
        got_p = "none" if d is None else sc.seat_name(d.player)
        if got_p != e["to_act"]:
            bad(f"expected {e['to_act']} to decide, it is {got_p}")
    if "decision" in e:
        got_k = "none" if d is None else d.kind
        if got_k != e["decision"]:
            bad(f"expected a {e['decision']} decision, it is {got_k}")
    texts = d.texts if d is not None else []
    notation = sc.rs.notation
    for text in strings(e, "legal"):
        try:
            notation.resolve(texts, text, place(state))
        except Ambiguous:
            pass  # several options fit: it is legal
        except (NoMatch, NotationError) as exc:
            bad(f"expected {text!r} to be legal: {why_not(sc, game, text, exc)}")
    for text in strings(e, "illegal"):
        try:
            notation.resolve(texts, text, place(state))
            bad(f"expected {text!r} to be illegal, but it is a choice now")
            continue
        except Ambiguous:
            bad(f"expected {text!r} to be illegal, but it is a choice now")
            continue
        except (NoMatch, NotationError):
            pass
        reason = sc.rs.explain(state, text)
        if not reason:
            bad(f"{text!r} is not a choice, but no rule explains why")
        elif "reason_contains" in e and str(e["reason_contains"]) not in reason:
            bad(f"{text!r}: expected the reason to mention {e['reason_contains']!r}: {reason}")
    if "choices" in e:
        matched: set[str] = set()
        for text in strings(e, "choices"):
            fitting = [o for o in texts if notation.fits_text(text, o)]
            if not fitting:
                bad(f"expected {text!r} among the choices: {why_not(sc, game, text, NoMatch())}")
            matched.update(fitting)
        extra = [o for o in texts if o not in matched]
        if extra:
            bad(f"unexpected choices: {', '.join(extra)}")
    return out


def plain(value: object) -> object:
    """A value as a TOML file writes it (tuples are lists), for comparing."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    return value


def _state_problems(sc: Scenario, state: State, uid: int | None, want: object,
                    ref: str) -> list[str]:
    """The named state (Positions.facts) that is not as expected."""
    facts = sc.rs.positions.facts(state, uid)
    out = []
    for key, value in dict(want).items() if isinstance(want, Mapping) else ():
        got = plain(facts.get(key))
        if got != value:
            out.append(f"expected {ref}'s {key} to be {value!r}, it is {got!r}")
    return out


def step_events(game: Game) -> list[Event]:
    """The events of the last step: those after the last decision (the action just played),
    or the setup's when none was made yet."""
    recs = game.records
    last = max((i for i, r in enumerate(recs) if r.get("type") == "decision"), default=0)
    return [r["event"] for r in recs[last + 1:] if r.get("type") == "event"]


def shown(sc: Scenario, game: Game, viewer: int | None) -> list[int]:
    """The cards the last step showed `viewer` (None: a spectator): those its `look` and
    `reveal` events name, as the viewer's redaction of them leaves them."""
    out: list[int] = []
    for ev in step_events(game):
        if ev.get("t") not in ("look", "reveal"):
            continue
        seen = redact(sc.rs, ev, viewer)
        named = seen.get("cards") if "cards" in seen else [seen.get("card")]
        out += [u for u in named or () if isinstance(u, int) and u not in out]
    return out


def _log_problems(sc: Scenario, game: Game, e: Mapping[str, object]) -> list[str]:
    """What one seat's log (the table's, in words) holds that it should not, or lacks."""
    seat = str(e["log_seen_by"])
    viewer = None if seat == SPECTATOR else sc.players.index(seat)
    table = LocalTable(game, [HUMAN, HUMAN])
    lines = [line.text for line in table.log_for(viewer)]
    out = []
    for text in strings(e, "log_contains"):
        if not any(text in line for line in lines):
            out.append(f"expected {seat}'s log to say {text!r}; it reads: {' / '.join(lines)}")
    for text in strings(e, "log_lacks"):
        hits = [line for line in lines if text in line]
        if hits:
            out.append(f"expected {seat}'s log not to say {text!r}: {hits[0].strip()!r}")
    return out


def _deck_problems(sc: Scenario, deck: DeckList, e: Mapping[str, object]) -> list[str]:
    """Whether the deck is as legal as expected (deck_legal), for the reason expected."""
    found = sc.rs.validate_deck(deck)
    if e["deck_legal"]:
        return [f"expected the deck to be legal: {'; '.join(found)}"] if found else []
    if not found:
        return ["expected the deck to be illegal, but the rules find nothing wrong with it"]
    want = e.get("reason_contains")
    if want is not None and not any(str(want) in reason for reason in found):
        return [f"expected a reason mentioning {want!r}: {'; '.join(found)}"]
    return []


def place(state: State) -> Callable[[int], Hashable]:
    """Where a card is and in what state: identical copies have the same place."""

    def at(uid: int) -> Hashable:
        if not 0 <= uid < len(state.cards):
            return uid
        c = state.cards[uid]
        return (c.cid, c.zone, json.dumps(c.f, sort_keys=True))

    return at


def same_cards(want: list[str], got: list[str], ordered: bool) -> bool:
    if len(want) != len(got):
        return False
    pairs = list(zip(want, got, strict=True)) if ordered else None
    if pairs is not None:
        return all(w == g or ("@" not in w and g.startswith(w + "@")) for w, g in pairs)
    exact = Counter(w for w in want if "@" in w)
    if any(exact[w] > got.count(w) for w in exact):
        return False
    loose = Counter(w for w in want if "@" not in w)
    rest = Counter(g.partition("@")[0] for g in got if g not in exact)
    return loose == rest


def _fmt(cards: list[str]) -> str:
    return "[" + ", ".join(cards) + "]" if cards else "nothing"
