//! The registry of games. Each game lives in a folder of its own — its
//! [`GameRules`](crate::emission::GameRules) and emissions with their prize
//! tables, the zones of its reveal (`mod.rs`), what a unit shows and what the
//! règlement pays for it (`scenario.rs`), how a unit's scenario is drawn
//! (`generator.rs`) — and is named once, in the list at the foot of this file:
//! [`ALL`], [`emissions`], [`Scenario`] and the dispatch between them are made
//! from it. Nothing below this module names a game.

use std::str::FromStr;

use rand::Rng;
use serde::Serialize;

use crate::emission::{Emission, Game, in_words};
use crate::money::Cents;
use crate::scenario::ScenarioRules;

/// A game name that is none of the registry's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game `{0}` (expected {names})", names = names())]
pub struct UnknownGame(pub String);

/// The games' command-line names, as a sentence: `blackjack, x10,
/// star-fortune or bingo`.
#[must_use]
pub fn names() -> String {
    let slugs: Vec<&str> = ALL.iter().map(|game| game.slug()).collect();
    in_words(&slugs)
}

/// The game whose export name is `name` (`star_fortune`), if any.
#[must_use]
pub fn by_export_name(name: &str) -> Option<Game> {
    ALL.into_iter().find(|game| game.export_name() == name)
}

/// Every emission of every game, in lobby order, each game's lowest stake
/// first.
pub fn emissions() -> impl Iterator<Item = &'static Emission> {
    ALL.into_iter().flat_map(Game::emissions)
}

/// The emission whose [`Emission::code`] is `code` (`star-fortune@50`), if any.
#[must_use]
pub fn emission_by_code(code: &str) -> Option<&'static Emission> {
    emissions().find(|emission| emission.code() == code)
}

impl FromStr for Game {
    type Err = UnknownGame;

    /// The game named `text` on a command line (`star-fortune`) or in an
    /// export (`star_fortune`).
    fn from_str(text: &str) -> Result<Self, UnknownGame> {
        ALL.into_iter()
            .find(|game| game.slug() == text || game.export_name() == text)
            .ok_or_else(|| UnknownGame(text.to_owned()))
    }
}

/// Makes the registry from its list: one line per game, `Variant =>
/// folder::scenario::ScenarioType`. Each folder holds `game::GAME` (its
/// [`Game`]), and `generator::generate(emission, prize, rng, version)`.
macro_rules! games {
    ($($variant:ident => $module:ident::scenario::$scenario:ident;)+) => {
        $(pub mod $module;)+

        /// Every game, in lobby order.
        pub const ALL: [Game; [$(stringify!($variant)),+].len()] = [$($module::game::GAME),+];

        /// A scenario of any game: what one unit shows. Serialized as the
        /// game's own object, the `scenario` of the audit formats.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize)]
        #[serde(untagged)]
        pub enum Scenario {
            $(
                #[doc = concat!("See [`", stringify!($module), "::scenario`].")]
                $variant($module::scenario::$scenario),
            )+
        }

        impl Scenario {
            /// The game this scenario is of.
            #[must_use]
            pub const fn game(&self) -> Game {
                match self {
                    $(Self::$variant(_) => $module::game::GAME,)+
                }
            }

            /// The game's rules, as they read this scenario.
            #[must_use]
            pub fn rules(&self) -> &dyn ScenarioRules {
                match self {
                    $(Self::$variant(scenario) => scenario,)+
                }
            }

            /// The same, to show what a player picks.
            pub fn rules_mut(&mut self) -> &mut dyn ScenarioRules {
                match self {
                    $(Self::$variant(scenario) => scenario,)+
                }
            }

            /// Reads a scenario of `game` from its JSON object.
            ///
            /// # Errors
            /// When the JSON is not a scenario of that game.
            pub fn from_json(game: Game, json: &str) -> Result<Self, serde_json::Error> {
                $(
                    if game == $module::game::GAME {
                        return Ok(Self::$variant(serde_json::from_str(json)?));
                    }
                )+
                Err(serde::de::Error::custom(format!("{game} is not in the registry")))
            }

            /// Draws the scenario of a unit of `emission` worth `prize` from
            /// `rng`, with its game's generator as generators' `version`
            /// drew; `None` if the prize is not in its table.
            pub(crate) fn draw(
                emission: &Emission,
                prize: Cents,
                rng: &mut (impl Rng + ?Sized),
                version: u32,
            ) -> Option<Self> {
                $(
                    if emission.game == $module::game::GAME {
                        return $module::generator::generate(emission, prize, rng, version)
                            .map(Self::$variant);
                    }
                )+
                None
            }
        }
    };
}

games! {
    BlackJack => blackjack::scenario::BlackJackScenario;
    X10 => x10::scenario::X10Scenario;
    StarFortune => star_fortune::scenario::StarFortuneScenario;
    Bingo => bingo::scenario::BingoScenario;
}

impl Scenario {
    /// What the scenario pays, by its game's rules.
    #[must_use]
    pub fn prize(&self) -> Cents {
        self.rules().prize()
    }

    /// Checks every constraint of the règlement of `emission`'s game.
    ///
    /// # Errors
    /// The first constraint broken, or a scenario of another game.
    pub fn validate(&self, emission: &Emission) -> Result<(), crate::scenario::ScenarioError> {
        if self.game() != emission.game {
            return Err(crate::scenario::ScenarioError::new(format!(
                "a {} scenario sold as {}",
                self.game(),
                emission.game
            )));
        }
        self.rules().validate(emission)
    }

    /// The scenario as its JSON object.
    ///
    /// # Panics
    /// Never: scenarios are plain data.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a scenario serializes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emission::EmissionError;
    use crate::games::bingo::game::BINGO;
    use crate::games::blackjack::game::BLACK_JACK;
    use crate::games::star_fortune::game::{STAR_FORTUNE_50, STAR_FORTUNE_100, STAR_FORTUNE_200};
    use crate::games::x10::game::X10;
    use crate::games::{blackjack, star_fortune, x10};

    #[test]
    fn every_table_adds_up_to_its_reglement() {
        for emission in emissions() {
            assert_eq!(emission.winning_lots(), emission.printed.lots, "{emission}");
            assert_eq!(emission.total_paid(), emission.printed.paid, "{emission}");
            assert!(emission.winning_lots() < emission.block_size, "{emission}");
        }
    }

    #[test]
    fn games_are_named_for_players_the_command_line_and_the_export() {
        let names: Vec<_> = ALL
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
        for game in ALL {
            assert_eq!(game.to_string(), game.title());
            assert_eq!(by_export_name(game.export_name()), Some(game));
            assert_eq!(game.slug().parse::<Game>().ok(), Some(game));
            assert_eq!(game.export_name().parse::<Game>().ok(), Some(game));
        }
        assert_eq!(by_export_name("star-fortune"), None);
        assert!("Black Jack".parse::<Game>().is_err());
        assert_eq!(STAR_FORTUNE_50.to_string(), "Star Fortune 0,50\u{a0}€");
    }

    #[test]
    fn each_prize_has_its_tier_and_the_top_one_is_the_first() {
        for emission in emissions() {
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
        for star in star_fortune::game::GAME.emissions() {
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
        for emission in emissions() {
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
        assert_eq!(Emission::find(blackjack::game::GAME, None), Ok(&BLACK_JACK));
        assert_eq!(
            Emission::find(star_fortune::game::GAME, Some(Cents(50))),
            Ok(&STAR_FORTUNE_50)
        );
        assert_eq!(
            Emission::find(star_fortune::game::GAME, None),
            Err(EmissionError::MissingStake {
                game: star_fortune::game::GAME
            })
        );
        assert!(matches!(
            Emission::find(x10::game::GAME, Some(Cents(200))),
            Err(EmissionError::StakeNotAllowed { .. })
        ));
        assert!(matches!(
            Emission::find(star_fortune::game::GAME, Some(Cents(300))),
            Err(EmissionError::NoSuchStake { .. })
        ));
    }

    #[test]
    fn emission_codes_round_trip() {
        for emission in emissions() {
            assert_eq!(emission_by_code(&emission.code()), Some(emission));
        }
        assert_eq!(emission_by_code("blackjack@100"), None);
    }

    #[test]
    fn game_names_round_trip() {
        for game in ALL {
            assert_eq!(game.slug().parse::<Game>(), Ok(game));
            assert_eq!(by_export_name(game.export_name()), Some(game));
        }
        assert!("poker".parse::<Game>().is_err());
    }
}
