"""The verifier's games, one file each, from the règlements alone: each
names its game (`SLUG`, `TITLE`), its stakes as a command line spells them
(`STAKES`), its emissions by stake in cents (`EMISSIONS`: block size and
prize table, article 3) and what a scenario pays (`pays(scenario,
stake_cents)`, article 4, raising `Broken` when the scenario breaks its
règlement). A game's file is named by its export name, the `game` of a
unit's line; `GAMES` lists them in the kiosk's order (held to Guichet's
registry by `tests/verifier_games.rs`)."""

from . import bingo, blackjack, star_fortune, x10
from ._rules import Broken

GAMES = {
    "blackjack": blackjack,
    "x10": x10,
    "star_fortune": star_fortune,
    "bingo": bingo,
}

__all__ = ["GAMES", "Broken"]
