"""Star Fortune: its three emissions (article 3) and what two drops pay (article 4)."""

from ._rules import Broken

SLUG = "star-fortune"
TITLE = "Star Fortune"
# Its stakes as a command line spells them, in cents.
STAKES = {"0.5": 50, "0.50": 50, "1": 100, "2": 200}
# Article 3: the same lots at every stake, prizes in stakes ×1/2.
LOTS = [1, 1, 1, 50, 500, 800, 14_000, 23_020, 100_000, 76_900]
HALF_STAKES = [50_000, 20_000, 2_000, 200, 40, 30, 20, 10, 4, 2]
# By stake in cents: block size and prize table (lots, prize in cents),
# largest prize first.
EMISSIONS = {
    stake: (850_000, [(lots, halves * stake // 2) for lots, halves in zip(LOTS, HALF_STAKES)])
    for stake in (50, 100, 200)
}

# Guichet's Star Fortune board (its published decision, docs/FORMATS.md):
# the prize row and the amounts a BONUS reveals, in stakes.
ROW = [0, 1, 2, 5, 0, 5, 2, 1, 0]
BONUS = [1, 2, 5, 10, 15, 20, 100, 1_000, 10_000, 25_000]


def pays(scenario, stake_cents):
    """Règlement Star Fortune, article 4: two pucks, each picked among three;
    one landing on a prize place pays its amount, one in a BONUS case what
    its GO reveals (a BONUS always pays); the two add up."""
    row = scenario["slots_cents"]
    if row != [places * stake_cents for places in ROW]:
        raise Broken("the prize row is not the board sold at this stake")
    bonus_amounts = {stakes * stake_cents for stakes in BONUS}
    drops = scenario["drops"]
    if len(drops) != 2:
        raise Broken(f"{len(drops)} drops, not 2")
    paid = 0
    for number, drop in enumerate(drops, 1):
        if drop.get("puck") is not None and drop["puck"] not in (0, 1, 2):
            raise Broken(f"drop {number}: no puck {drop['puck']}")
        if "slot" in drop:
            if not 0 <= drop["slot"] < len(row):
                raise Broken(f"drop {number}: no place {drop['slot']}")
            paid += row[drop["slot"]]
        elif "bonus" in drop:
            if drop["bonus"] not in (0, 1):
                raise Broken(f"drop {number}: no BONUS case {drop['bonus']}")
            if drop["bonus_cents"] not in bonus_amounts:
                raise Broken(f"drop {number}: the BONUS reveals {drop['bonus_cents']} cents, "
                             "not an amount of the board")
            paid += drop["bonus_cents"]
        else:
            raise Broken(f"drop {number} lands nowhere")
    return paid
