//! Every game played to its result through the kiosk, with fixed seeds: lobby →
//! table → "Jouer"/"Auto" → result, the result on screen being the store's, the
//! balance moved by prize − stake, one prize entry at most; and a snapshot of
//! each result.

mod common;

use common::{auto_played, balance, prizes_credited, result_words, seed_where, unit_on_table};
use egui_kittest::SnapshotResults;
use egui_kittest::kittest::Queryable as _;
use guichet_core::emission::Emission;
use guichet_core::games::bingo::game::BINGO;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_100;
use guichet_core::games::x10::game::X10;
use guichet_core::money::Cents;
use guichet_sale::UnitState;

/// The emission each lobby tile opens.
const GAMES: [&Emission; 4] = [&BLACK_JACK, &X10, &STAR_FORTUNE_100, &BINGO];

#[test]
fn every_game_plays_to_its_result() {
    let mut snapshots = SnapshotResults::new();
    for emission in GAMES {
        // A winning unit, so that the credit is checked too.
        let seed = seed_where(emission, |prize, _| prize > emission.stake);
        let (_folder, mut harness) = auto_played(emission, &seed);
        let shown = unit_on_table(&harness).expect("a unit");
        let store = harness.state().store().expect("a store");
        let stored = store.unit(shown.id).expect("the stored unit");
        assert_eq!(stored.state, UnitState::Settled, "{emission}");
        assert!(stored.prize > emission.stake, "{emission}");
        harness.get_by_label(&result_words(stored.prize, emission.stake));
        let moved = balance(&harness)
            .checked_sub(Cents::euros(20))
            .expect("cents");
        assert_eq!(
            moved,
            stored.prize.checked_sub(emission.stake).expect("cents"),
            "{emission}: the balance moved by prize − stake"
        );
        let prizes = prizes_credited(&harness);
        assert_eq!(prizes, 1, "{emission}: credited once");
        harness.snapshot(format!("every_game/{}_result", emission.game.slug()));
        snapshots.extend_harness(&mut harness);
    }
}
