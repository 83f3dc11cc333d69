//! The evaluators, one rule of each règlement at a time, on scenarios written by
//! hand.

use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::games::bingo::scenario::{BingoScenario, FirstGridCombination, FullRows};
use guichet_core::games::blackjack::scenario::{
    Bank, BlackJackScenario, Hand, HandOutcome, Rank, Suit,
};
use guichet_core::games::star_fortune::game::STAR_FORTUNE_200;
use guichet_core::games::star_fortune::puck_path::Landing;
use guichet_core::games::star_fortune::scenario::{Drop, StarFortuneScenario, places};
use guichet_core::games::x10::scenario::{Cell, Symbol, X10Scenario};
use guichet_core::money::Cents;
use guichet_core::scenario::ScenarioRules as _;

mod blackjack {
    use super::*;

    fn hand(cards: [Rank; 2], euros: i64) -> Hand {
        Hand {
            cards,
            suits: [Suit::Spades, Suit::Hearts],
            amount: Cents::euros(euros),
        }
    }

    fn table(bank: [Rank; 2], hands: [Hand; 3]) -> BlackJackScenario {
        BlackJackScenario {
            bank: Bank {
                shown: bank[0],
                hidden: bank[1],
                suits: [Suit::Clubs; 2],
            },
            hands,
        }
    }

    #[test]
    fn figures_count_ten_and_the_ace_eleven() {
        assert_eq!(hand([Rank::Valet, Rank::Dame], 2).total(), 20);
        assert_eq!(hand([Rank::As, Rank::Roi], 2).total(), 21);
        assert_eq!(hand([Rank::As, Rank::Two], 2).total(), 13);
    }

    #[test]
    fn cards_read_the_french_way_and_hearts_and_diamonds_are_red() {
        let indices: Vec<String> = Rank::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            indices,
            [
                "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R", "A"
            ]
        );
        for rank in Rank::ALL {
            assert_eq!(rank.to_string(), rank.index());
        }
        let red: Vec<bool> = Suit::ALL.iter().map(|suit| suit.is_red()).collect();
        assert_eq!(red, [false, true, true, false]);
    }

    #[test]
    fn a_hand_above_the_bank_wins_its_amount() {
        let scenario = table(
            [Rank::Ten, Rank::Eight],
            [
                hand([Rank::Ten, Rank::Nine], 10),
                hand([Rank::Ten, Rank::Three], 500),
                hand([Rank::Nine, Rank::Nine], 50),
            ],
        );
        assert_eq!(
            scenario.validate(&guichet_core::games::blackjack::game::BLACK_JACK),
            Ok(())
        );
        assert_eq!(
            scenario.outcomes(),
            [
                HandOutcome::Wins(Cents::euros(10)),
                HandOutcome::Loses,
                HandOutcome::Loses
            ],
            "19 beats 18; 13 and an equal 18 do not"
        );
        assert_eq!(scenario.prize(), Cents::euros(10));
    }

    #[test]
    fn a_21_pays_double_and_winners_add_up() {
        let scenario = table(
            [Rank::Roi, Rank::Dame],
            [
                hand([Rank::As, Rank::Ten], 5),
                hand([Rank::Valet, Rank::As], 10_000),
                hand([Rank::Ten, Rank::Ten], 20_000),
            ],
        );
        assert_eq!(
            scenario.prize(),
            Cents::euros(20_010),
            "two 21s doubled; 20 does not beat 20"
        );
    }

    #[test]
    fn illegal_tables_are_refused() {
        let legal = [hand([Rank::Two, Rank::As], 2); 3];
        assert!(
            table([Rank::Ten, Rank::Five], legal)
                .validate(&guichet_core::games::blackjack::game::BLACK_JACK)
                .is_err(),
            "hidden card below 6"
        );
        assert!(
            table([Rank::As, Rank::As], legal)
                .validate(&guichet_core::games::blackjack::game::BLACK_JACK)
                .is_err(),
            "bank 22"
        );
        assert!(
            table([Rank::Ten, Rank::Six], legal)
                .validate(&guichet_core::games::blackjack::game::BLACK_JACK)
                .is_err(),
            "bank 16"
        );
        let low = [hand([Rank::Two, Rank::Three], 2), legal[0], legal[0]];
        assert!(
            table([Rank::Ten, Rank::Eight], low)
                .validate(&guichet_core::games::blackjack::game::BLACK_JACK)
                .is_err(),
            "hand 5"
        );
        let odd_amount = [hand([Rank::Two, Rank::As], 3), legal[0], legal[0]];
        assert!(
            table([Rank::Ten, Rank::Eight], odd_amount)
                .validate(&guichet_core::games::blackjack::game::BLACK_JACK)
                .is_err(),
            "3 € is no chip"
        );
    }
}

mod x10 {
    use super::*;

    fn number(number: u8, euros: i64) -> Cell {
        Cell {
            symbol: Symbol::Number { number },
            amount: Cents::euros(euros),
        }
    }

    fn multiplier(multiplier: u8, euros: i64) -> Cell {
        Cell {
            symbol: Symbol::Multiplier { multiplier },
            amount: Cents::euros(euros),
        }
    }

    fn unit(cells: [Cell; 9]) -> X10Scenario {
        X10Scenario {
            winning_numbers: [12, 33, 47],
            cells,
        }
    }

    const LOSERS: [(u8, i64); 7] = [
        (1, 20_000),
        (6, 2),
        (8, 4),
        (9, 5),
        (11, 7),
        (13, 10),
        (14, 15),
    ];

    fn with(first: Cell, second: Cell) -> X10Scenario {
        let mut cells = LOSERS.map(|(n, euros)| number(n, euros)).to_vec();
        cells.extend([first, second]);
        unit(cells.try_into().expect("nine"))
    }

    #[test]
    fn game_1_multipliers_always_pay_their_amount_times_their_coefficient() {
        let scenario = with(multiplier(10, 2), multiplier(5, 1));
        assert_eq!(
            scenario.validate(&guichet_core::games::x10::game::X10),
            Ok(())
        );
        assert_eq!(scenario.prize(), Cents::euros(25));
    }

    #[test]
    fn game_2_a_number_equal_to_a_winning_number_pays_its_amount() {
        let scenario = with(number(33, 4), number(47, 100));
        assert_eq!(scenario.prize(), Cents::euros(104));
        assert_eq!(
            with(number(34, 4), number(48, 100)).prize(),
            Cents::ZERO,
            "no match, no gain"
        );
    }

    #[test]
    fn both_games_add_up() {
        assert_eq!(
            with(number(12, 5), multiplier(2, 10)).prize(),
            Cents::euros(25)
        );
    }

    #[test]
    fn illegal_units_are_refused() {
        assert!(
            with(number(2, 4), number(48, 1))
                .validate(&guichet_core::games::x10::game::X10)
                .is_err(),
            "2 is not in the list"
        );
        assert!(
            with(number(6, 4), number(48, 1))
                .validate(&guichet_core::games::x10::game::X10)
                .is_err(),
            "6 twice"
        );
        assert!(
            with(multiplier(3, 4), number(48, 1))
                .validate(&guichet_core::games::x10::game::X10)
                .is_err(),
            "x3"
        );
        let mut repeated = with(number(34, 4), number(48, 1));
        repeated.winning_numbers = [12, 12, 47];
        assert!(
            repeated
                .validate(&guichet_core::games::x10::game::X10)
                .is_err(),
            "winning numbers repeat"
        );
        assert_eq!(
            with(number(34, 3), number(48, 1))
                .validate(&guichet_core::games::x10::game::X10)
                .expect_err("no 3 € banknote")
                .to_string(),
            "illegal scenario: 3,00\u{a0}€ is not a banknote amount"
        );
    }
}

mod star_fortune {
    use super::*;
    use guichet_core::games::star_fortune::plinko::Physics;

    fn unit(drops: [Landing; 2]) -> StarFortuneScenario {
        StarFortuneScenario {
            slots_cents: places(&STAR_FORTUNE_200),
            drops: drops.map(|landing| Drop {
                puck: None,
                landing,
                path: None,
            }),
            path_seed: 1,
            physics: Physics::CURRENT,
        }
    }

    #[test]
    fn a_place_pays_its_amount_and_zero_pays_nothing() {
        let scenario = unit([Landing::Slot { slot: 3 }, Landing::Slot { slot: 0 }]);
        assert_eq!(scenario.validate(&STAR_FORTUNE_200), Ok(()));
        assert_eq!(scenario.prize(), Cents::euros(10));
    }

    #[test]
    fn a_bonus_pays_what_go_reveals_and_both_drops_add_up() {
        let bonus = Landing::Bonus {
            bonus: 1,
            bonus_cents: Cents::euros(50_000),
        };
        assert_eq!(
            unit([bonus, Landing::Slot { slot: 1 }]).prize(),
            Cents::euros(50_002)
        );
    }

    #[test]
    fn the_puck_does_not_change_the_prize() {
        let mut scenario = unit([
            Landing::Slot { slot: 2 },
            Landing::Bonus {
                bonus: 0,
                bonus_cents: Cents::euros(4),
            },
        ]);
        let before = scenario.prize();
        scenario.pick_puck(0, 2);
        scenario.pick_puck(1, 0);
        assert_eq!(scenario.prize(), before);
        assert_eq!(scenario.validate(&STAR_FORTUNE_200), Ok(()));
    }

    #[test]
    fn illegal_units_are_refused() {
        let emission: &Emission = &STAR_FORTUNE_200;
        assert!(
            unit([Landing::Slot { slot: 9 }, Landing::Slot { slot: 0 }])
                .validate(emission)
                .is_err()
        );
        let zero_bonus = Landing::Bonus {
            bonus: 0,
            bonus_cents: Cents::ZERO,
        };
        assert!(
            unit([zero_bonus, Landing::Slot { slot: 0 }])
                .validate(emission)
                .is_err(),
            "a BONUS pays"
        );
        let third_case = Landing::Bonus {
            bonus: 2,
            bonus_cents: Cents::euros(4),
        };
        assert!(
            unit([third_case, Landing::Slot { slot: 0 }])
                .validate(emission)
                .is_err()
        );
        let wrong_board = unit([Landing::Slot { slot: 0 }; 2]);
        assert!(
            wrong_board
                .validate(&guichet_core::games::star_fortune::game::STAR_FORTUNE_50)
                .is_err(),
            "a 2 € board sold at 0,50 €"
        );
    }

    /// A unit stored before physics 2 names none: it falls by the first, and
    /// is written back as it was; a unit of physics 2 says so; a physics this
    /// build does not know is refused, never taken for another.
    #[test]
    fn a_units_physics_is_read_as_it_was_written() {
        let current = unit([Landing::Slot { slot: 0 }; 2]);
        let json = serde_json::to_value(&current).expect("a scenario serializes");
        assert_eq!(json["physics"], 2);
        let mut before = json.clone();
        before.as_object_mut().expect("an object").remove("physics");
        let old: StarFortuneScenario =
            serde_json::from_value(before.clone()).expect("a scenario of before");
        assert_eq!(old.physics, Physics::V1);
        assert_eq!(serde_json::to_value(&old).expect("serializes"), before);
        let mut unknown = json;
        unknown["physics"] = 3.into();
        assert!(serde_json::from_value::<StarFortuneScenario>(unknown).is_err());
    }

    #[test]
    fn the_automatic_players_pucks_come_from_the_units_path_seed() {
        let pucks = |path_seed| {
            StarFortuneScenario {
                path_seed,
                ..unit([Landing::Slot { slot: 0 }; 2])
            }
            .automatic_pucks()
        };
        // Pinned: the audit export plays these.
        assert_eq!((pucks(1), pucks(2), pucks(7)), ([2, 1], [1, 0], [2, 2]));
        let mut seen = [[0; 3]; 2];
        for path_seed in 0..300 {
            for (drop, puck) in pucks(path_seed).into_iter().enumerate() {
                seen[drop][usize::from(puck)] += 1;
            }
        }
        assert!(seen.iter().flatten().all(|&count| count > 50), "{seen:?}");
    }

    #[test]
    fn a_picked_puck_is_one_of_three_and_falls_to_its_landing() {
        let refusal = |scenario: &StarFortuneScenario| {
            scenario
                .validate(&STAR_FORTUNE_200)
                .expect_err("refused")
                .to_string()
        };
        let picked = || {
            let mut scenario = unit([Landing::Slot { slot: 2 }, Landing::Slot { slot: 5 }]);
            scenario.pick_puck(0, 1);
            scenario
        };
        assert_eq!(picked().validate(&STAR_FORTUNE_200), Ok(()));
        let mut fourth_puck = picked();
        fourth_puck.drops[0].puck = Some(3);
        assert_eq!(
            refusal(&fourth_puck),
            "illegal scenario: drop 1: no such puck"
        );
        let mut elsewhere = picked();
        elsewhere.drops[0].path = picked().drops[0].path.clone().map(|mut path| {
            path.0.pop();
            path
        });
        assert_eq!(
            refusal(&elsewhere),
            "illegal scenario: drop 1: the way down does not lead to the landing"
        );
        let mut no_puck = picked();
        no_puck.drops[0].puck = None;
        assert_eq!(
            refusal(&no_puck),
            "illegal scenario: drop 1: a way down without a puck"
        );
    }
}

mod bingo {
    use super::*;

    /// Grids numbered 1..=16 and 21..=36 row-major, the Joker on the given cells,
    /// and 18 balls: `drawn`, then numbers from 40 up that no grid shows.
    fn unit(jokers: [usize; 2], drawn: &[u8]) -> BingoScenario {
        let grid = |base: u8, joker: usize| {
            std::array::from_fn(|cell| (cell != joker).then_some(base + cell as u8))
        };
        let mut balls: Vec<u8> = drawn.to_vec();
        balls.extend(
            (40..=75)
                .filter(|ball| !drawn.contains(ball))
                .take(18 - drawn.len()),
        );
        BingoScenario {
            grids: [grid(1, jokers[0]), grid(21, jokers[1])],
            balls: balls[..15].try_into().expect("fifteen"),
            bonus_balls: balls[15..].try_into().expect("three"),
        }
    }

    #[test]
    fn grid_1_corners_one_diagonal_two_diagonals() {
        let corners = unit([5, 0], &[1, 4, 13, 16]);
        assert_eq!(
            corners.validate(&guichet_core::games::bingo::game::BINGO),
            Ok(())
        );
        assert_eq!(corners.first_grid(), FirstGridCombination::Corners);
        assert_eq!(corners.prize(), Cents::euros(2));
        let diagonal = unit([5, 0], &[1, 11, 16]);
        assert_eq!(
            diagonal.first_grid(),
            FirstGridCombination::OneDiagonal,
            "the Joker fills cell 5"
        );
        assert_eq!(diagonal.prize(), Cents::euros(20));
        let both = unit([5, 0], &[1, 11, 16, 4, 7, 10, 13]);
        assert_eq!(
            both.prize(),
            Cents::euros(100),
            "only the best combination counts"
        );
    }

    #[test]
    fn grid_2_counts_rows_never_columns() {
        let column = unit([15, 4], &[21, 29, 33]);
        assert_eq!(column.second_grid(), FullRows(0), "a column is no line");
        assert_eq!(unit([15, 3], &[21, 22, 23]).second_grid(), FullRows(1));
        let rows = |n: u8| {
            let drawn: Vec<u8> = (21..21 + 4 * n).filter(|&number| number != 21).collect();
            unit([15, 0], &drawn)
        };
        assert_eq!(rows(1).prize(), Cents::euros(4));
        assert_eq!(rows(2).prize(), Cents::euros(40));
        assert_eq!(rows(3).prize(), Cents::euros(1_000));
        assert_eq!(rows(4).prize(), Cents::euros(10_000));
    }

    #[test]
    fn the_two_grids_add_up() {
        assert_eq!(
            unit([5, 3], &[1, 4, 13, 16, 21, 22, 23]).prize(),
            Cents::euros(6)
        );
        assert_eq!(
            unit([5, 3], &[1, 11, 16, 21, 22, 23]).prize(),
            Cents::euros(24)
        );
    }

    #[test]
    fn illegal_units_are_refused() {
        let mut repeated = unit([0, 0], &[]);
        repeated.bonus_balls[0] = repeated.balls[0];
        assert!(
            repeated
                .validate(&guichet_core::games::bingo::game::BINGO)
                .is_err(),
            "a ball twice"
        );
        let mut two_jokers = unit([0, 0], &[]);
        two_jokers.grids[1][5] = None;
        assert!(
            two_jokers
                .validate(&guichet_core::games::bingo::game::BINGO)
                .is_err()
        );
        let mut out_of_range = unit([0, 0], &[]);
        out_of_range.grids[0][3] = Some(76);
        assert!(
            out_of_range
                .validate(&guichet_core::games::bingo::game::BINGO)
                .is_err()
        );
    }

    #[test]
    fn never_more_than_one_way_to_win_on_a_grid() {
        // 4.9: a diagonal with the four corners would be two ways on Grille 1.
        let diagonal_and_corners = unit([5, 0], &[1, 11, 16, 4, 13]);
        assert_eq!(
            diagonal_and_corners.first_grid(),
            FirstGridCombination::OneDiagonal
        );
        assert!(
            diagonal_and_corners
                .validate(&guichet_core::games::bingo::game::BINGO)
                .is_err()
        );
        // Two diagonals cover the corners of necessity: one way, 100 €.
        let both = unit([5, 0], &[1, 11, 16, 4, 7, 10, 13]);
        assert_eq!(
            both.validate(&guichet_core::games::bingo::game::BINGO),
            Ok(())
        );
        // Three of the four corners with a diagonal is one way.
        let diagonal = unit([5, 0], &[1, 11, 16, 4]);
        assert_eq!(
            diagonal.validate(&guichet_core::games::bingo::game::BINGO),
            Ok(())
        );
    }
}

#[test]
fn a_scenario_of_one_game_is_refused_as_another() {
    let hand = Hand {
        cards: [Rank::As, Rank::Two],
        suits: [Suit::Clubs; 2],
        amount: Cents::euros(2),
    };
    let bank = Bank {
        shown: Rank::Ten,
        hidden: Rank::Eight,
        suits: [Suit::Clubs; 2],
    };
    let scenario = Scenario::BlackJack(BlackJackScenario {
        bank,
        hands: [hand; 3],
    });
    assert_eq!(
        scenario.validate(&guichet_core::games::blackjack::game::BLACK_JACK),
        Ok(())
    );
    assert!(
        scenario
            .validate(&guichet_core::games::bingo::game::BINGO)
            .is_err(),
        "a Black Jack table sold as Bingo"
    );
}
