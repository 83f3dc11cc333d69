"""Bingo: its emission (article 3) and what a card pays (article 4)."""

from ._rules import Broken, euros

SLUG = "bingo"
TITLE = "Bingo"
# Its stakes as a command line spells them, in cents.
STAKES = {"2": 200}
# Article 3, by stake in cents: block size and prize table (lots, prize in
# cents), largest prize first.
EMISSIONS = {
    200: (
        1_500_000,
        [(3, euros(10_000)), (6, euros(1_000)), (920, euros(100)), (7_000, euros(40)),
         (8_000, euros(24)), (50_000, euros(6)), (220_000, euros(4)), (100_000, euros(2))],
    ),
}

CORNERS = (0, 3, 12, 15)
DIAGONALS = ((0, 5, 10, 15), (3, 6, 9, 12))
ROWS_PAY = {0: 0, 1: euros(4), 2: euros(40), 3: euros(1_000), 4: euros(10_000)}


def pays(scenario, _stake_cents):
    """Règlement Bingo, article 4: 15 balls and 3 bonus balls, 18 distinct
    numbers 1 to 75, marked on two 4×4 grids of 15 distinct numbers and a
    Joker; Grille 1: four corners 2 €, a diagonal 20 €, both 100 €; Grille
    2: one, two, three or four full rows 4, 40, 1 000, 10 000 €; never more
    than one way to win on a grid (4.9), the grids adding up."""
    balls = scenario["balls"] + scenario["bonus_balls"]
    if len(scenario["balls"]) != 15 or len(scenario["bonus_balls"]) != 3:
        raise Broken("not 15 balls and 3 bonus balls")
    if len(set(balls)) != 18 or not all(1 <= ball <= 75 for ball in balls):
        raise Broken("the 18 balls are not distinct numbers from 1 to 75")
    grids = scenario["grids"]
    if len(grids) != 2:
        raise Broken(f"{len(grids)} grids, not 2")
    marks = []
    for number, grid in enumerate(grids, 1):
        numbers = [cell for cell in grid if cell is not None]
        if len(grid) != 16 or len(numbers) != 15:
            raise Broken(f"Grille {number} is not 15 numbers and a Joker")
        if len(set(numbers)) != 15 or not all(1 <= cell <= 75 for cell in numbers):
            raise Broken(f"Grille {number} has not 15 distinct numbers from 1 to 75")
        marks.append([cell is None or cell in balls for cell in grid])
    first, second = marks
    diagonals = sum(all(first[cell] for cell in diagonal) for diagonal in DIAGONALS)
    corners = all(first[cell] for cell in CORNERS)
    if diagonals == 1 and corners:
        raise Broken("Grille 1 shows a diagonal and the four corners: two ways to win (4.9)")
    first_pays = {2: euros(100), 1: euros(20)}.get(diagonals, euros(2) if corners else 0)
    rows = sum(all(second[4 * row + column] for column in range(4)) for row in range(4))
    return first_pays + ROWS_PAY[rows]
