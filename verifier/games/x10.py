"""X10: its emission (article 3) and what a ticket pays (article 4)."""

from ._rules import Broken, euros

SLUG = "x10"
TITLE = "X10"
# Its stakes as a command line spells them, in cents.
STAKES = {"2": 200}
# Article 3, by stake in cents: block size and prize table (lots, prize in
# cents), largest prize first.
EMISSIONS = {
    200: (
        4_500_000,
        [(3, euros(20_000)), (6, euros(1_000)), (300, euros(100)), (12_000, euros(25)),
         (55_000, euros(20)), (64_950, euros(15)), (111_000, euros(7)), (448_800, euros(4)),
         (448_800, euros(2))],
    ),
}

# The numbers of the list (article 4).
NUMBERS = {1, 6, 8, 9, *range(11, 15), *range(16, 20), *range(21, 25), *range(26, 50),
           *range(51, 61)}


def pays(scenario, _stake_cents):
    """Règlement X10, article 4: three distinct winning numbers from the list;
    nine bundles, distinct numbers from the list or multipliers x1 x2 x5
    x10, each over an amount; a multiplier pays its amount times itself, a
    number equal to a winning number its amount; everything adds up."""
    winning = scenario["winning_numbers"]
    if len(winning) != 3 or len(set(winning)) != 3 or not set(winning) <= NUMBERS:
        raise Broken(f"the winning numbers {winning} are not three distinct numbers of the list")
    cells = scenario["cells"]
    if len(cells) != 9:
        raise Broken(f"{len(cells)} bundles, not 9")
    numbers = [cell["number"] for cell in cells if "number" in cell]
    if len(set(numbers)) != len(numbers) or not set(numbers) <= NUMBERS:
        raise Broken("the nine numbers are not distinct numbers of the list")
    paid = 0
    for cell in cells:
        amount = cell["amount_cents"]
        if amount <= 0:
            raise Broken("a bundle holds no amount")
        if "multiplier" in cell:
            if cell["multiplier"] not in (1, 2, 5, 10):
                raise Broken(f"x{cell['multiplier']} is not a multiplier")
            paid += amount * cell["multiplier"]
        elif "number" in cell:
            paid += amount if cell["number"] in winning else 0
        else:
            raise Broken("a bundle shows neither a number nor a multiplier")
    return paid
