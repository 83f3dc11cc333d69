//! The four games and their six emissions: stake, block size and prize table,
//! exactly as the règlements print them (`shared/reglements/*.txt`, article 3).

use std::fmt;
use std::str::FromStr;

use crate::money::Cents;

/// One of the four games of the kiosk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// Black Jack: three hands against the bank.
    BlackJack,
    /// X10: nine banknotes, three winning numbers, multipliers.
    X10,
    /// Star Fortune: two pucks down a tilted board, with BONUS cases.
    StarFortune,
    /// Bingo: fifteen balls and three bonus balls on two grids.
    Bingo,
}

/// A game name that is none of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (expected blackjack, x10, star-fortune or bingo)")]
pub struct UnknownGame(pub String);

impl Game {
    /// The four games, in lobby order.
    pub const ALL: [Self; 4] = [Self::BlackJack, Self::X10, Self::StarFortune, Self::Bingo];

    /// The name on the command line: `blackjack`, `x10`, `star-fortune`, `bingo`.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Self::BlackJack => "blackjack",
            Self::X10 => "x10",
            Self::StarFortune => "star-fortune",
            Self::Bingo => "bingo",
        }
    }

    /// The name in exported JSON: `blackjack`, `x10`, `star_fortune`, `bingo`.
    #[must_use]
    pub const fn export_name(self) -> &'static str {
        match self {
            Self::BlackJack => "blackjack",
            Self::X10 => "x10",
            Self::StarFortune => "star_fortune",
            Self::Bingo => "bingo",
        }
    }

    /// The name players read: `Black Jack`, `X10`, `Star Fortune`, `Bingo`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::BlackJack => "Black Jack",
            Self::X10 => "X10",
            Self::StarFortune => "Star Fortune",
            Self::Bingo => "Bingo",
        }
    }

    /// The game whose export name is `name` (`star_fortune`), if any.
    #[must_use]
    pub fn from_export_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|game| game.export_name() == name)
    }

    /// The emissions of this game: one per stake.
    pub fn emissions(self) -> impl Iterator<Item = &'static Emission> {
        Emission::ALL
            .into_iter()
            .filter(move |emission| emission.game == self)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.title())
    }
}

impl FromStr for Game {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<Self, UnknownGame> {
        Self::ALL
            .into_iter()
            .find(|game| game.slug() == text || game.export_name() == text)
            .ok_or_else(|| UnknownGame(text.to_owned()))
    }
}

/// One line of a prize table: `lots` units of a block win `prize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tier {
    /// How many units of a block win this prize.
    pub lots: u32,
    /// The prize, one indivisible lot.
    pub prize: Cents,
}

/// The totals a règlement prints under its table, kept apart from the table so
/// that a test can prove the table adds up to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintedTotals {
    /// "N lots formant un total de".
    pub lots: u32,
    /// The total paid by one block.
    pub paid: Cents,
}

/// A game sold at one stake: its blocks all share one size and one prize table.
#[derive(Debug, PartialEq, Eq)]
pub struct Emission {
    /// The game.
    pub game: Game,
    /// The price of one unit.
    pub stake: Cents,
    /// Units in one block (article 2).
    pub block_size: u32,
    /// The prize table of a block, largest prize first (article 3).
    pub tiers: &'static [Tier],
    /// The totals printed under the table.
    pub printed: PrintedTotals,
}

/// Why a game and a stake name no emission.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EmissionError {
    /// Star Fortune needs its stake.
    #[error("star-fortune needs --stake 0.5, 1 or 2")]
    MissingStake,
    /// The other three games are sold at one price.
    #[error("{game} is sold at 2 € only: do not give --stake")]
    StakeNotAllowed {
        /// The one-price game.
        game: Game,
    },
    /// Star Fortune has no emission at this stake.
    #[error("star-fortune has no {0} stake (0.5, 1 or 2)")]
    NoSuchStake(String),
}

const fn tier(lots: u32, euros: i64) -> Tier {
    Tier {
        lots,
        prize: Cents::euros(euros),
    }
}

const fn tier_cents(lots: u32, cents: i64) -> Tier {
    Tier {
        lots,
        prize: Cents(cents),
    }
}

/// Black Jack at 2 €, blocks of 1 500 000.
pub static BLACK_JACK: Emission = Emission {
    game: Game::BlackJack,
    stake: Cents::euros(2),
    block_size: 1_500_000,
    tiers: &[
        tier(2, 20_000),
        tier(12, 1_000),
        tier(600, 200),
        tier(3_530, 50),
        tier(15_000, 20),
        tier(50_000, 10),
        tier(157_894, 4),
        tier(100_000, 2),
    ],
    printed: PrintedTotals {
        lots: 327_038,
        paid: Cents::euros(1_980_076),
    },
};

/// X10 at 2 €, blocks of 4 500 000.
pub static X10: Emission = Emission {
    game: Game::X10,
    stake: Cents::euros(2),
    block_size: 4_500_000,
    tiers: &[
        tier(3, 20_000),
        tier(6, 1_000),
        tier(300, 100),
        tier(12_000, 25),
        tier(55_000, 20),
        tier(64_950, 15),
        tier(111_000, 7),
        tier(448_800, 4),
        tier(448_800, 2),
    ],
    printed: PrintedTotals {
        lots: 1_140_859,
        paid: Cents::euros(5_940_050),
    },
};

/// Star Fortune at 0,50 €, blocks of 850 000 (article 3.1).
pub static STAR_FORTUNE_50: Emission = Emission {
    game: Game::StarFortune,
    stake: Cents(50),
    block_size: 850_000,
    tiers: &[
        tier(1, 12_500),
        tier(1, 5_000),
        tier(1, 500),
        tier(50, 50),
        tier(500, 10),
        tier_cents(800, 750),
        tier(14_000, 5),
        tier_cents(23_020, 250),
        tier(100_000, 1),
        tier_cents(76_900, 50),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(297_500),
    },
};

/// Star Fortune at 1 €, blocks of 850 000 (article 3.2).
pub static STAR_FORTUNE_100: Emission = Emission {
    game: Game::StarFortune,
    stake: Cents::euros(1),
    block_size: 850_000,
    tiers: &[
        tier(1, 25_000),
        tier(1, 10_000),
        tier(1, 1_000),
        tier(50, 100),
        tier(500, 20),
        tier(800, 15),
        tier(14_000, 10),
        tier(23_020, 5),
        tier(100_000, 2),
        tier(76_900, 1),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(595_000),
    },
};

/// Star Fortune at 2 €, blocks of 850 000 (article 3.3).
pub static STAR_FORTUNE_200: Emission = Emission {
    game: Game::StarFortune,
    stake: Cents::euros(2),
    block_size: 850_000,
    tiers: &[
        tier(1, 50_000),
        tier(1, 20_000),
        tier(1, 2_000),
        tier(50, 200),
        tier(500, 40),
        tier(800, 30),
        tier(14_000, 20),
        tier(23_020, 10),
        tier(100_000, 4),
        tier(76_900, 2),
    ],
    printed: PrintedTotals {
        lots: 215_273,
        paid: Cents::euros(1_190_000),
    },
};

/// Bingo at 2 €, blocks of 1 500 000.
pub static BINGO: Emission = Emission {
    game: Game::Bingo,
    stake: Cents::euros(2),
    block_size: 1_500_000,
    tiers: &[
        tier(3, 10_000),
        tier(6, 1_000),
        tier(920, 100),
        tier(7_000, 40),
        tier(8_000, 24),
        tier(50_000, 6),
        tier(220_000, 4),
        tier(100_000, 2),
    ],
    printed: PrintedTotals {
        lots: 385_929,
        paid: Cents::euros(1_980_000),
    },
};

impl Emission {
    /// The six emissions.
    pub const ALL: [&'static Self; 6] = [
        &BLACK_JACK,
        &X10,
        &STAR_FORTUNE_50,
        &STAR_FORTUNE_100,
        &STAR_FORTUNE_200,
        &BINGO,
    ];

    /// The emission of `game` at `stake`; the stake is required for Star Fortune
    /// and refused for the one-price games.
    ///
    /// # Errors
    /// [`EmissionError`] for a missing, refused or unknown stake.
    ///
    /// # Panics
    /// Never: every game has at least one emission.
    pub fn find(game: Game, stake: Option<Cents>) -> Result<&'static Self, EmissionError> {
        match (game, stake) {
            (Game::StarFortune, None) => Err(EmissionError::MissingStake),
            (Game::StarFortune, Some(stake)) => game
                .emissions()
                .find(|emission| emission.stake == stake)
                .ok_or_else(|| EmissionError::NoSuchStake(stake.to_string())),
            (_, Some(_)) => Err(EmissionError::StakeNotAllowed { game }),
            (_, None) => Ok(game.emissions().next().expect("every game has an emission")),
        }
    }

    /// A stable code naming this emission: `blackjack@200`, `star-fortune@50`.
    /// It enters the block commitment and the key derivations.
    #[must_use]
    pub fn code(&self) -> String {
        format!("{}@{}", self.game.slug(), self.stake.get())
    }

    /// The emission whose [`Emission::code`] is `code`, if any.
    #[must_use]
    pub fn from_code(code: &str) -> Option<&'static Self> {
        Self::ALL
            .into_iter()
            .find(|emission| emission.code() == code)
    }

    /// The number of winning units in a block.
    #[must_use]
    pub fn winning_lots(&self) -> u32 {
        self.tiers.iter().map(|tier| tier.lots).sum()
    }

    /// The number of losing units in a block.
    #[must_use]
    pub fn losing_lots(&self) -> u32 {
        self.block_size - self.winning_lots()
    }

    /// What a whole block pays.
    ///
    /// # Panics
    /// Never for the six static tables, whose totals fit in cents.
    #[must_use]
    pub fn total_paid(&self) -> Cents {
        Cents::checked_sum(self.tiers.iter().map(|tier| {
            tier.prize
                .checked_mul(i64::from(tier.lots))
                .expect("a block's prizes fit in cents")
        }))
        .expect("a block's prizes fit in cents")
    }

    /// What a whole block costs its players.
    ///
    /// # Panics
    /// Never for the six static tables, whose totals fit in cents.
    #[must_use]
    pub fn total_staked(&self) -> Cents {
        self.stake
            .checked_mul(i64::from(self.block_size))
            .expect("a block's stakes fit in cents")
    }

    /// The return to player of a block, in basis points (6 600 is 66,00 %).
    #[must_use]
    pub fn return_to_player_basis_points(&self) -> i64 {
        self.total_paid().get() * 10_000 / self.total_staked().get()
    }

    /// The largest prize of the table.
    #[must_use]
    pub fn top_prize(&self) -> Cents {
        self.tiers
            .iter()
            .map(|tier| tier.prize)
            .max()
            .unwrap_or(Cents::ZERO)
    }

    /// The position in [`Emission::tiers`] of the tier paying `prize`, if any.
    #[must_use]
    pub fn tier_of(&self, prize: Cents) -> Option<usize> {
        self.tiers.iter().position(|tier| tier.prize == prize)
    }
}

impl fmt::Display for Emission {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{} {}", self.game, self.stake)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_adds_up_to_its_reglement() {
        for emission in Emission::ALL {
            assert_eq!(emission.winning_lots(), emission.printed.lots, "{emission}");
            assert_eq!(emission.total_paid(), emission.printed.paid, "{emission}");
            assert!(emission.winning_lots() < emission.block_size, "{emission}");
        }
    }

    #[test]
    fn games_are_named_for_players_the_command_line_and_the_export() {
        let names: Vec<_> = Game::ALL
            .iter()
            .map(|game| (game.title(), game.slug(), game.export_name()))
            .collect();
        assert_eq!(
            names,
            [
                ("Black Jack", "blackjack", "blackjack"),
                ("X10", "x10", "x10"),
                ("Star Fortune", "star-fortune", "star_fortune"),
                ("Bingo", "bingo", "bingo"),
            ]
        );
        for game in Game::ALL {
            assert_eq!(game.to_string(), game.title());
            assert_eq!(Game::from_export_name(game.export_name()), Some(game));
            assert_eq!(game.slug().parse::<Game>().ok(), Some(game));
            assert_eq!(game.export_name().parse::<Game>().ok(), Some(game));
        }
        assert_eq!(Game::from_export_name("star-fortune"), None);
        assert!("Black Jack".parse::<Game>().is_err());
        assert_eq!(STAR_FORTUNE_50.to_string(), "Star Fortune 0,50\u{a0}€");
    }

    #[test]
    fn each_prize_has_its_tier_and_the_top_one_is_the_first() {
        for emission in Emission::ALL {
            for (position, tier) in emission.tiers.iter().enumerate() {
                assert_eq!(emission.tier_of(tier.prize), Some(position), "{emission}");
            }
            assert_eq!(emission.tier_of(Cents::ZERO), None, "{emission}");
            assert_eq!(emission.top_prize(), emission.tiers[0].prize, "{emission}");
        }
        assert_eq!(BLACK_JACK.top_prize(), Cents::euros(20_000));
    }

    #[test]
    fn returns_to_player_are_the_advertised_ones() {
        let rtp = |emission: &Emission| emission.return_to_player_basis_points();
        assert_eq!(rtp(&BLACK_JACK), 6_600);
        assert_eq!(rtp(&X10), 6_600);
        assert_eq!(rtp(&BINGO), 6_600);
        for star in Game::StarFortune.emissions() {
            assert_eq!(rtp(star), 7_000);
        }
    }

    #[test]
    fn star_fortune_tables_scale_with_the_stake() {
        for (small, large) in [
            (&STAR_FORTUNE_50, &STAR_FORTUNE_200),
            (&STAR_FORTUNE_100, &STAR_FORTUNE_200),
        ] {
            let ratio = large.stake.get() / small.stake.get();
            for (a, b) in small.tiers.iter().zip(large.tiers) {
                assert_eq!(a.lots, b.lots);
                assert_eq!(a.prize.checked_mul(ratio), Some(b.prize));
            }
        }
    }

    #[test]
    fn prizes_are_distinct_and_decreasing() {
        for emission in Emission::ALL {
            assert!(
                emission
                    .tiers
                    .windows(2)
                    .all(|pair| pair[0].prize > pair[1].prize)
            );
        }
    }

    #[test]
    fn finds_emissions_by_game_and_stake() {
        assert_eq!(Emission::find(Game::BlackJack, None), Ok(&BLACK_JACK));
        assert_eq!(
            Emission::find(Game::StarFortune, Some(Cents(50))),
            Ok(&STAR_FORTUNE_50)
        );
        assert_eq!(
            Emission::find(Game::StarFortune, None),
            Err(EmissionError::MissingStake)
        );
        assert!(matches!(
            Emission::find(Game::X10, Some(Cents(200))),
            Err(EmissionError::StakeNotAllowed { .. })
        ));
        assert!(matches!(
            Emission::find(Game::StarFortune, Some(Cents(300))),
            Err(EmissionError::NoSuchStake(_))
        ));
    }

    #[test]
    fn emission_codes_round_trip() {
        for emission in Emission::ALL {
            assert_eq!(Emission::from_code(&emission.code()), Some(emission));
        }
        assert_eq!(Emission::from_code("blackjack@100"), None);
    }

    #[test]
    fn game_names_round_trip() {
        for game in Game::ALL {
            assert_eq!(game.slug().parse::<Game>(), Ok(game));
            assert_eq!(Game::from_export_name(game.export_name()), Some(game));
        }
        assert!("poker".parse::<Game>().is_err());
    }
}
