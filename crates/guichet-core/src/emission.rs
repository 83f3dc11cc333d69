//! A game and what it is sold as. A [`Game`] is its [`GameRules`] — its
//! names, its emissions and the steps of its reveal — which its folder in
//! `games/` defines; an [`Emission`] is the game at one stake, with its block
//! size and prize table exactly as the règlement prints them (article 3). The
//! registry (`games`) lists the games; nothing here names one.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::io;

use rand::rngs::ChaCha12Rng;

use crate::money::Cents;
use crate::step::Steps;

/// What a game is: its names, its emissions and the steps of its reveal.
#[derive(Debug)]
pub struct GameRules {
    /// The name on the command line and in emission codes: `star-fortune`.
    pub slug: &'static str,
    /// The name in exported JSON: `star_fortune`.
    pub export_name: &'static str,
    /// The name players read: `Star Fortune`.
    pub title: &'static str,
    /// The game's emissions, lowest stake first.
    pub emissions: &'static [&'static Emission],
    /// The emission a player is offered first (the lobby's tile opens it).
    pub first_offered: &'static Emission,
    /// The steps a unit is revealed by.
    pub steps: Steps,
    /// How the game's falls are exported (`guichet audit --trajectories`),
    /// for a game with physics; `None` for the others.
    pub trajectories: Option<Trajectories>,
}

/// Writes to `out`, as JSON lines, the physics of `emission`'s game at its
/// stake, then how every unit of `units` (index, prize, the unit's own random
/// stream from its block), drawn by generators' `version`, falls: a game's
/// trajectories export (`AUDIT.md`).
pub type Trajectories = fn(
    out: &mut dyn io::Write,
    emission: &Emission,
    version: u32,
    units: &mut dyn Iterator<Item = (u32, Cents, ChaCha12Rng)>,
) -> io::Result<()>;

/// One of the kiosk's games: its [`GameRules`], compared by identity. Each
/// game's folder makes its own (`games::bingo::GAME`).
#[derive(Clone, Copy)]
pub struct Game(&'static GameRules);

impl Game {
    /// The game whose rules are `rules`.
    #[must_use]
    pub const fn new(rules: &'static GameRules) -> Self {
        Self(rules)
    }

    /// Its names, emissions and reveal steps.
    #[must_use]
    pub const fn rules(self) -> &'static GameRules {
        self.0
    }

    /// The name on the command line: `blackjack`, `x10`, `star-fortune`, `bingo`.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        self.0.slug
    }

    /// The name in exported JSON: `blackjack`, `x10`, `star_fortune`, `bingo`.
    #[must_use]
    pub const fn export_name(self) -> &'static str {
        self.0.export_name
    }

    /// The name players read: `Black Jack`, `X10`, `Star Fortune`, `Bingo`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        self.0.title
    }

    /// The emissions of this game: one per stake, lowest first.
    pub fn emissions(self) -> impl Iterator<Item = &'static Emission> {
        self.0.emissions.iter().copied()
    }

    /// Whether it is sold at more than one stake.
    #[must_use]
    pub const fn has_stakes(self) -> bool {
        self.0.emissions.len() > 1
    }

    /// Its stakes as a command line writes them: `0.5, 1 or 2`.
    #[must_use]
    pub fn stakes_in_words(self) -> String {
        let stakes: Vec<String> = self
            .emissions()
            .map(|emission| emission.stake.plain_euros())
            .collect();
        in_words(&stakes)
    }
}

/// `a`, `a or b`, `a, b or c`.
#[must_use]
pub fn in_words(items: &[impl AsRef<str>]) -> String {
    match items.split_last() {
        Some((last, [])) => last.as_ref().to_owned(),
        Some((last, others)) => {
            let others: Vec<&str> = others.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", others.join(", "), last.as_ref())
        }
        None => String::new(),
    }
}

impl PartialEq for Game {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Game {}

impl Hash for Game {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.slug.hash(state);
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Game({})", self.0.slug)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.title())
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
    /// A game sold at several stakes needs its stake.
    #[error("{} needs --stake {}", game.slug(), game.stakes_in_words())]
    MissingStake {
        /// The game.
        game: Game,
    },
    /// A game sold at one price takes no stake.
    #[error("{game} is sold at {} € only: do not give --stake", game.rules().first_offered.stake.plain_euros())]
    StakeNotAllowed {
        /// The one-price game.
        game: Game,
    },
    /// The game has no emission at this stake.
    #[error("{} has no {stake} stake ({})", game.slug(), game.stakes_in_words())]
    NoSuchStake {
        /// The game.
        game: Game,
        /// The stake asked for.
        stake: String,
    },
}

/// A line of a prize table paying whole euros.
#[must_use]
pub const fn tier(lots: u32, euros: i64) -> Tier {
    Tier {
        lots,
        prize: Cents::euros(euros),
    }
}

/// A line of a prize table paying cents.
#[must_use]
pub const fn tier_cents(lots: u32, cents: i64) -> Tier {
    Tier {
        lots,
        prize: Cents(cents),
    }
}

impl Emission {
    /// The emission of `game` at `stake`; the stake is required for a game
    /// sold at several and refused for the one-price games.
    ///
    /// # Errors
    /// [`EmissionError`] for a missing, refused or unknown stake.
    pub fn find(game: Game, stake: Option<Cents>) -> Result<&'static Self, EmissionError> {
        match (game.has_stakes(), stake) {
            (true, None) => Err(EmissionError::MissingStake { game }),
            (true, Some(stake)) => game
                .emissions()
                .find(|emission| emission.stake == stake)
                .ok_or_else(|| EmissionError::NoSuchStake {
                    game,
                    stake: stake.to_string(),
                }),
            (false, Some(_)) => Err(EmissionError::StakeNotAllowed { game }),
            (false, None) => Ok(game.rules().first_offered),
        }
    }

    /// A stable code naming this emission: `blackjack@200`, `star-fortune@50`.
    /// It enters the block commitment and the key derivations.
    #[must_use]
    pub fn code(&self) -> String {
        format!("{}@{}", self.game.slug(), self.stake.get())
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
    /// Never for the static tables, whose totals fit in cents.
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
    /// Never for the static tables, whose totals fit in cents.
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
