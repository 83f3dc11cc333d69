"""What every game's rules share: the refusal of a scenario, and euros."""


class Broken(Exception):
    """A scenario that breaks a rule of its règlement."""


def euros(amount):
    """`amount` euros, in cents."""
    return amount * 100
