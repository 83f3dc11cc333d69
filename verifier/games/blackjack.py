"""Black Jack: its emission (article 3) and what a table pays (article 4)."""

from ._rules import Broken, euros

SLUG = "blackjack"
TITLE = "Black Jack"
# Its stakes as a command line spells them, in cents.
STAKES = {"2": 200}
# Article 3, by stake in cents: block size and prize table (lots, prize in
# cents), largest prize first.
EMISSIONS = {
    200: (
        1_500_000,
        [(2, euros(20_000)), (12, euros(1_000)), (600, euros(200)), (3_530, euros(50)),
         (15_000, euros(20)), (50_000, euros(10)), (157_894, euros(4)), (100_000, euros(2))],
    ),
}

def pays(scenario, _stake_cents):
    """Règlement Black Jack, article 4: a hand (two cards, 13 to 21) above the
    bank (17 to 20, its hidden card 6 to A) wins its amount, doubled by a 21;
    the winning hands add up."""
    values = {str(n): n for n in range(2, 11)} | {"V": 10, "D": 10, "R": 10, "A": 11}

    def value(rank):
        if rank not in values:
            raise Broken(f"{rank!r} is not a card")
        return values[rank]

    bank = scenario["bank"]
    if bank["hidden"] not in ("6", "7", "8", "9", "10", "V", "D", "R", "A"):
        raise Broken(f"the bank's hidden card {bank['hidden']} is below 6")
    bank_total = value(bank["shown"]) + value(bank["hidden"])
    if not 17 <= bank_total <= 20:
        raise Broken(f"the bank shows {bank_total}, not 17 to 20")
    hands = scenario["hands"]
    if len(hands) != 3:
        raise Broken(f"{len(hands)} hands, not 3")
    paid = 0
    for number, hand in enumerate(hands, 1):
        if len(hand["cards"]) != 2:
            raise Broken(f"Gain {number} has {len(hand['cards'])} cards")
        total = sum(value(card) for card in hand["cards"])
        if not 13 <= total <= 21:
            raise Broken(f"Gain {number} shows {total}, not 13 to 21")
        amount = hand["amount_cents"]
        if amount <= 0:
            raise Broken(f"Gain {number} hides no amount")
        if total > bank_total:
            paid += 2 * amount if total == 21 else amount
    return paid
