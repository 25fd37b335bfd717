"""The fixed data a game of Precious Memories runs on: card definitions,
the series table and the numbers of ruleset.toml, looked up once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import (
    CardDef,
    CardError,
    CardPool,
    SeriesTable,
    load_pool,
    load_series_table,
    ruleset_data,
)
from .effect_model import Effect, Keywords, parse_effects, parse_keywords


@dataclass(frozen=True)
class Tables:
    pool: CardPool
    defs: dict[str, CardDef]
    series: SeriesTable
    opening_hand: int
    hand_limit: int
    main_area_size: int
    points_to_lose: int
    first_turn_draw: int
    turn_draw: int
    effects: dict[str, tuple[Effect, ...]]
    kw: dict[str, Keywords]
    permanent: frozenset[str]  # card ids with permanent effects (checked when computing AP/DP)
    # card ids whose texts need no filtering at level 1 (no Lv2/Lv3, no Adversity text):
    # asked for every card in an Area at every decision (effects.active_effects)
    plain: frozenset[str] = frozenset()
    # Answers worked out from the tables alone and kept, because every decision that
    # lists plays asks them for every card in hand and in the Areas:
    # the cards a window lets act, by (phase, own turn) (effects.window) ...
    windows: dict[tuple[str, bool], Window] = field(default_factory=dict, compare=False,
                                                    repr=False)
    # ... the card ids with a triggered text of a timing, at any level (effects.queue_triggers)
    triggered: dict[str, frozenset[str]] = field(default_factory=dict, compare=False,
                                                 repr=False)
    # ... and whether a card's cost can be paid from a pool of card ids (plays.Payers)
    afford: dict[tuple[str, tuple[str, ...]], bool] = field(
        default_factory=dict, compare=False, repr=False)


    @classmethod
    def load(cls, pool: CardPool | None = None) -> Tables:
        """The tables of `pool`, or of the built-in card files (cached: pool_cache)."""
        if pool is None:
            from .pool_cache import cached

            return cached(lambda: cls._build(load_pool()), cls)
        return cls._build(pool)

    @classmethod
    def _build(cls, pool: CardPool) -> Tables:
        data = ruleset_data()

        def fail(cid: str) -> Callable[[str, str], Exception]:
            return lambda field, problem: CardError(f"card {cid}: field {field}: {problem}")

        effects = {c.id: parse_effects(c.effects, fail(c.id)) for c in pool.cards()}
        kw = {c.id: parse_keywords(c.keywords, c.name, fail(c.id)) for c in pool.cards()}
        return cls(
            pool=pool,
            defs={c.id: c for c in pool.cards()},
            series=load_series_table(),
            opening_hand=data["opening_hand"],
            hand_limit=data["hand_limit"],
            main_area_size=data["main_area_size"],
            points_to_lose=data["points_to_lose"],
            first_turn_draw=data["first_turn_draw"],
            turn_draw=data["turn_draw"],
            effects=effects,
            kw=kw,
            permanent=frozenset(cid for cid, es in effects.items() if any(e.permanent for e in es)),
            plain=frozenset(
                cid for cid, es in effects.items()
                if not any(e.level > 1 or e.adversity for e in es)
            ),
        )


@dataclass(frozen=True)
class Window:
    """What may act in one kind of window (a phase, own turn or not), by card id:
    events whose timing allows it, the movement texts of plain cards (see `plain`) and
    Backup texts allowed in it. Most cards have none of these."""

    events: frozenset[str]
    uses: dict[str, tuple[Effect, ...]]
    backups: dict[str, tuple[Effect, ...]]
    # every card id with a movement text of this window at some level (plain or not)
    movers: frozenset[str] = frozenset()
