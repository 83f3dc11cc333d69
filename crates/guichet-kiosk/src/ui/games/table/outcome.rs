//! How a unit's result reads: a win is celebrated in proportion to its size, a
//! stake back and a loss are stated plainly.

use guichet_core::money::Cents;

use crate::ui::i18n::Texts;

/// The result of a fully revealed unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing won.
    Lost,
    /// The prize equals the stake: "Mise remboursée", no celebration.
    StakeBack,
    /// A real win, with its size.
    Won(Cents, Celebration),
}

/// How loudly a win is celebrated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Celebration {
    /// Up to ten stakes.
    Small,
    /// Up to a hundred stakes.
    Medium,
    /// More.
    Big,
}

impl Outcome {
    /// The result of a unit of stake `stake` worth `prize`.
    #[must_use]
    pub fn of(prize: Cents, stake: Cents) -> Self {
        if prize == Cents::ZERO {
            return Self::Lost;
        }
        if prize == stake {
            return Self::StakeBack;
        }
        let stakes = prize.get() / stake.get().max(1);
        let celebration = match stakes {
            ..=10 => Celebration::Small,
            11..=100 => Celebration::Medium,
            _ => Celebration::Big,
        };
        Self::Won(prize, celebration)
    }

    /// The words of the result.
    #[must_use]
    pub fn headline(self, texts: &Texts) -> String {
        match self {
            Self::Lost => texts.get("result-lost"),
            Self::StakeBack => texts.get("result-stake-back"),
            Self::Won(prize, _) => texts.with("result-won", &[("prize", prize.to_string())]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stake_back_is_not_a_win() {
        assert_eq!(Outcome::of(Cents(200), Cents(200)), Outcome::StakeBack);
        assert_eq!(Outcome::of(Cents(50), Cents(50)), Outcome::StakeBack);
        assert_eq!(Outcome::of(Cents::ZERO, Cents(200)), Outcome::Lost);
        assert_eq!(
            Outcome::of(Cents(400), Cents(200)),
            Outcome::Won(Cents(400), Celebration::Small)
        );
        assert_eq!(
            Outcome::of(Cents::euros(200), Cents(200)),
            Outcome::Won(Cents::euros(200), Celebration::Medium)
        );
        assert_eq!(
            Outcome::of(Cents::euros(20_000), Cents(200)),
            Outcome::Won(Cents::euros(20_000), Celebration::Big)
        );
    }
}
