"""The fixed data a game of Precious Memories runs on: card definitions,
the series table and the numbers of ruleset.toml, looked up once."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardDef, CardPool, SeriesTable, load_pool, load_series_table, ruleset_data


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

    @classmethod
    def load(cls, pool: CardPool | None = None) -> Tables:
        pool = pool if pool is not None else load_pool()
        data = ruleset_data()
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
        )
