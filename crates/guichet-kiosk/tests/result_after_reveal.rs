//! Nothing moves before the last reveal has ended on screen: for a winning
//! unit of every game, played by taps and by "Auto", the time is driven frame
//! by frame and, at each frame, the balance's label, the session's net, the
//! bar's buttons and the sounds are read. The store settles the unit with its
//! last step; the screen shows the balance as it was, "Jouer", the stakes and
//! "Auto" stay disabled and no win sounds until the result's words show.
//! A stake back sounds no win; a replay is marked "Rappel", with nothing for
//! sale.

mod common;

use common::{CARD, has_auto, play_label, result_words, seed_where, table_with, unit_on_table};
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use egui_kittest::{Harness, SnapshotResults};
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_kiosk::app::Guichet;
use guichet_kiosk::command::{Command, PlayCommand};
use guichet_kiosk::sound::Cue;
use guichet_kiosk::ui::games::GAMES;
use guichet_sale::UnitState;

/// What the screen shows of the money and the bar at one frame.
#[derive(Debug)]
#[allow(clippy::struct_excessive_bools)] // A record of what one frame showed.
struct Frame {
    /// The balance's amount, as its pill reads.
    balance: String,
    /// The session's net, as its pill reads ("+3,00 €").
    net: String,
    /// Whether "Jouer" can be pressed.
    play: bool,
    /// Whether "Auto" can be pressed (where the game has it).
    auto: Option<bool>,
    /// Whether a stake button other than the chosen one can be pressed.
    stakes: bool,
    /// Whether the result's words show.
    result: bool,
    /// How many win chimes have played so far.
    chimes: usize,
    /// Whether the store holds the unit settled.
    settled: bool,
}

/// The rectangle of a node, in points.
fn rect_of(harness: &Harness<'_, Guichet>, node: &egui_kittest::Node<'_>) -> egui::Rect {
    let points = harness.ctx.pixels_per_point();
    let bounds = node
        .accesskit_node()
        .bounding_box()
        .expect("a laid-out node");
    egui::Rect::from_min_max(
        egui::pos2(bounds.x0 as f32, bounds.y0 as f32) / points,
        egui::pos2(bounds.x1 as f32, bounds.y1 as f32) / points,
    )
}

/// A node's words: its label, or a label's value.
fn words(node: &egui_kittest::Node<'_>) -> Option<String> {
    let access = node.accesskit_node();
    access.label().or_else(|| access.value())
}

/// The amount the balance's pill shows: the label in euros beside "Carte 1".
fn balance_label(harness: &Harness<'_, Guichet>) -> String {
    let card = format!("Carte {CARD}");
    let named = rect_of(harness, &harness.get_by_label(&card));
    harness
        .root()
        .children_recursive()
        .filter(|node| node.accesskit_node().role() == Role::Label)
        .filter_map(|node| {
            let label = words(&node)?;
            let rect = rect_of(harness, &node);
            (label.ends_with('€')
                && rect.left() >= named.right()
                && (rect.center().y - named.center().y).abs() < named.height())
            .then_some((rect.left(), label))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, label)| label)
        .expect("the balance's amount beside its name")
}

/// The session's net as its pill reads it, once a session runs.
fn net_label(harness: &Harness<'_, Guichet>) -> String {
    let pill = harness.get_by_label_contains("Session");
    let text = words(&pill).expect("words");
    text.rsplit(" · ").next().expect("a net").to_owned()
}

/// Whether the button labelled `label` can be pressed.
fn enabled(harness: &Harness<'_, Guichet>, label: &str) -> bool {
    !harness.get_by_label(label).accesskit_node().is_disabled()
}

/// The screen at this frame.
fn frame(harness: &Harness<'_, Guichet>, emission: &'static Emission, words: &str) -> Frame {
    let others: Vec<String> = emission
        .game
        .emissions()
        .filter(|other| *other != emission)
        .map(|other| other.stake.short())
        .collect();
    Frame {
        balance: balance_label(harness),
        net: net_label(harness),
        play: enabled(harness, &play_label(emission)),
        auto: has_auto(emission.game).then(|| enabled(harness, "Auto")),
        stakes: others.iter().any(|stake| enabled(harness, stake)),
        result: harness.query_by_label(words).is_some(),
        chimes: harness
            .state()
            .cues_played()
            .iter()
            .filter(|cue| matches!(cue, Cue::Win(_)))
            .count(),
        settled: unit_on_table(harness).is_some_and(|unit| unit.state == UnitState::Settled),
    }
}

/// How a unit is revealed.
#[derive(Clone, Copy, Debug)]
enum How {
    /// Each step as a tap sends it, once the table is still after the one
    /// before.
    Taps,
    /// "Auto", pressed on the unit just bought.
    Auto,
}

/// The seconds a table may take to be still after a step (a puck's fall).
const STEP_SECONDS: usize = 6;

/// The screen at every frame of the unit on the table revealed as `how`
/// says, from before its first step until its result shows with "Jouer" live.
fn frame_by_frame(
    harness: &mut Harness<'_, Guichet>,
    emission: &'static Emission,
    how: How,
    words: &str,
) -> Vec<Frame> {
    let mut frames = Vec::new();
    let look = |harness: &Harness<'_, Guichet>, frames: &mut Vec<Frame>| {
        frames.push(frame(harness, emission, words));
    };
    look(harness, &mut frames);
    if matches!(how, How::Auto) {
        harness.get_by_label("Auto").click();
    }
    for _ in 0..10_000 {
        let unit = unit_on_table(harness).expect("the unit");
        if unit.state == UnitState::Settled {
            if frames
                .last()
                .is_some_and(|frame| frame.result && frame.play)
            {
                break;
            }
        } else if matches!(how, How::Taps) {
            let step = unit.progress.possible_steps()[0];
            harness
                .state_mut()
                .handle(Command::Play(PlayCommand::Reveal {
                    unit: unit.id,
                    step,
                }));
            for _ in 0..STEP_SECONDS * 60 {
                harness.step();
                look(harness, &mut frames);
                if frames
                    .last()
                    .is_some_and(|frame| frame.result && frame.play)
                {
                    break;
                }
            }
            continue;
        }
        harness.step();
        look(harness, &mut frames);
    }
    frames
}

/// Plays a winning unit of `emission` as `how` says, frame by frame, and
/// checks every frame against the one rule: the money, the buttons and the
/// chime move only once the result shows.
fn nothing_moves_before_the_result(emission: &'static Emission, seed: &Seed, how: How) {
    let (_folder, mut harness) = table_with(emission, seed);
    harness.get_by_label(&play_label(emission)).click();
    harness.run_steps(2);
    let stored = common::stored_unit_on_table(&mut harness);
    let before = Cents(Cents::euros(20).0 - emission.stake.0);
    let after = Cents(before.0 + stored.prize.0);
    let words = result_words(stored.prize, emission.stake);
    let context = format!("{emission}, {how:?}");
    let frames = frame_by_frame(&mut harness, emission, how, &words);
    let shown = frames
        .iter()
        .position(|frame| frame.result)
        .unwrap_or_else(|| panic!("{context}: the result shows"));
    let pill = |amount: Cents| amount.exact().replace('\u{202F}', "\u{A0}");
    let (balance_before, balance_after) = (pill(before), pill(after));
    let net_before = frames[0].net.clone();
    assert_eq!(net_before, format!("−{}", emission.stake), "{context}");
    for (at, frame) in frames[..shown].iter().enumerate() {
        assert_eq!(
            frame.balance, balance_before,
            "{context}, frame {at}: {frame:?}"
        );
        assert_eq!(frame.net, net_before, "{context}, frame {at}: {frame:?}");
        assert!(
            !frame.play,
            "{context}, frame {at}: Jouer before the result"
        );
        assert!(
            !frame.stakes,
            "{context}, frame {at}: a stake before the result"
        );
        assert_eq!(
            frame.chimes, 0,
            "{context}, frame {at}: a chime before the result"
        );
        // The frame "Auto" is pressed in still drew it live.
        if matches!(how, How::Auto) && at > 1 {
            assert_eq!(
                frame.auto,
                Some(false),
                "{context}, frame {at}: Auto under Auto"
            );
        }
    }
    // The frame the result shows, or the next, moves the money and the bar.
    let last = frames.last().expect("frames");
    assert!(
        frames.len() - shown <= 3,
        "{context}: the bar waited after the result"
    );
    assert_eq!(last.balance, balance_after, "{context}");
    let net = stored.prize.0 - emission.stake.0;
    assert_eq!(
        last.net,
        format!("+{}", Cents(net)),
        "{context}: the session's net"
    );
    assert!(
        last.play && last.auto.unwrap_or(true),
        "{context}: {last:?}"
    );
    assert_eq!(last.chimes, 1, "{context}: one chime, with the result");
    // The store settled the unit while its last reveal ran: the screen
    // waited for it, frames long.
    let waited = frames[..shown].iter().filter(|frame| frame.settled).count();
    assert!(
        waited >= 10,
        "{context}: settled {waited} frames before the result"
    );
}

/// A seed whose first unit of `emission` wins more than its stake.
fn winning(emission: &'static Emission) -> Seed {
    seed_where(emission, |prize, _| prize > emission.stake)
}

#[test]
fn by_taps_the_money_moves_when_the_result_shows() {
    for entry in GAMES {
        let emission = entry.game.emissions().next().expect("an emission");
        nothing_moves_before_the_result(emission, &winning(emission), How::Taps);
    }
}

#[test]
fn under_auto_the_money_moves_when_the_result_shows() {
    for entry in GAMES.iter().filter(|entry| has_auto(entry.game)) {
        let emission = entry.game.emissions().next().expect("an emission");
        nothing_moves_before_the_result(emission, &winning(emission), How::Auto);
    }
}

/// The first emission whose table has a prize equal to its stake.
fn stake_back_emission() -> &'static Emission {
    GAMES
        .iter()
        .flat_map(|entry| entry.game.emissions())
        .find(|emission| emission.tier_of(emission.stake).is_some())
        .expect("a game pays the stake back")
}

#[test]
fn a_stake_back_sounds_no_win() {
    let emission = stake_back_emission();
    let seed = seed_where(emission, |prize, _| prize == emission.stake);
    let (_folder, mut harness) = table_with(emission, &seed);
    harness.get_by_label(&play_label(emission)).click();
    harness.run_steps(2);
    let words = result_words(emission.stake, emission.stake);
    while !harness
        .query_by_label(&words)
        .is_some_and(|_| frame(&harness, emission, &words).play)
    {
        let unit = unit_on_table(&harness).expect("the unit");
        if let Some(&step) = unit.progress.possible_steps().first() {
            harness
                .state_mut()
                .handle(Command::Play(PlayCommand::Reveal {
                    unit: unit.id,
                    step,
                }));
        }
        harness.run_steps(STEP_SECONDS * 60);
    }
    let played = harness.state().cues_played();
    assert!(
        !played.iter().any(|cue| matches!(cue, Cue::Win(_))),
        "{emission}: a stake back played {played:?}"
    );
    assert!(
        played.contains(&Cue::Reveal)
            || played.contains(&Cue::Knock)
            || played.contains(&Cue::Tick)
    );
}

#[test]
fn nothing_is_bought_while_the_last_reveal_runs() {
    // Fast fingers, or a command sent behind the bar's back: "Jouer" the
    // frame after the last step was journaled buys nothing.
    let emission = GAMES[0].game.emissions().next().expect("an emission");
    let (_folder, mut harness) = table_with(emission, &winning(emission));
    harness.get_by_label(&play_label(emission)).click();
    harness.run_steps(2);
    let first = unit_on_table(&harness).expect("a unit");
    while let Some(&step) = unit_on_table(&harness)
        .expect("the unit")
        .progress
        .possible_steps()
        .first()
    {
        harness
            .state_mut()
            .handle(Command::Play(PlayCommand::Reveal {
                unit: first.id,
                step,
            }));
        harness.step();
    }
    assert_eq!(
        unit_on_table(&harness).map(|unit| unit.state),
        Some(UnitState::Settled)
    );
    for auto in [false, true] {
        harness
            .state_mut()
            .handle(Command::Play(PlayCommand::Buy { emission, auto }));
        harness.step();
        assert_eq!(unit_on_table(&harness).map(|unit| unit.id), Some(first.id));
    }
    let store = common::store_of(&mut harness);
    assert_eq!(
        store.all_units().expect("the units").len(),
        1,
        "one unit bought"
    );
    // Once its result shows, the next is bought.
    let words = result_words(first.prize, emission.stake);
    common::run_until(&mut harness, 10.0, |harness| {
        harness.query_by_label(&words).is_some()
    });
    harness.step();
    harness.state_mut().handle(Command::Play(PlayCommand::Buy {
        emission,
        auto: false,
    }));
    assert_ne!(unit_on_table(&harness).map(|unit| unit.id), Some(first.id));
}

#[test]
fn a_replay_is_marked_and_sells_nothing() {
    let mut snapshots = SnapshotResults::new();
    for entry in GAMES {
        let emission = entry.game.emissions().next().expect("an emission");
        let replayed = common::played_then_replayed(emission, &winning(emission), 2);
        let mut harness = replayed.harness;
        let mut ends = false;
        for _ in 0..60 * 40 {
            assert!(
                harness
                    .query_by_label_contains("RAPPEL — votre partie")
                    .is_some(),
                "{emission}: marked"
            );
            harness.get_by_label("‹ Historique");
            assert!(
                harness.query_by_label(&play_label(emission)).is_none(),
                "{emission}: Jouer"
            );
            assert!(harness.query_by_label("Auto").is_none(), "{emission}: Auto");
            if harness.query_by_label(&replayed.expected).is_some() {
                ends = true;
                break;
            }
            harness.step();
        }
        assert!(ends, "{emission}: the replay ends on its result");
        common::settle_animations(&mut harness);
        harness.snapshot(format!("history/replay_{}_end", emission.game.slug()));
        snapshots.extend_harness(&mut harness);
        let chimes = harness
            .state()
            .cues_played()
            .iter()
            .filter(|cue| matches!(cue, Cue::Win(_)))
            .count();
        assert_eq!(
            chimes, 1,
            "{emission}: the win chimed once, when played, not again"
        );
        harness.get_by_label("‹ Historique").click();
        harness.run_steps(2);
        assert!(matches!(
            harness.state().page(),
            guichet_kiosk::app::Page::History(_)
        ));
    }
}

/// The longest a unit may take under "Auto", from the press to its result.
const AUTO_SECONDS: f64 = 10.5;

#[test]
fn auto_takes_at_most_about_ten_seconds() {
    for entry in GAMES.iter().filter(|entry| has_auto(entry.game)) {
        for emission in entry.game.emissions() {
            for wanted in [true, false] {
                let seed = seed_where(emission, |prize, _| (prize > emission.stake) == wanted);
                let (_folder, mut harness) = table_with(emission, &seed);
                let stored_prize =
                    |harness: &Harness<'_, Guichet>| unit_on_table(harness).map(|unit| unit.prize);
                harness.get_by_label("Auto").click();
                harness.run_steps(2);
                let prize = stored_prize(&harness).expect("bought");
                let words = result_words(prize, emission.stake);
                let mut frames = 2;
                while harness.query_by_label(&words).is_none() {
                    harness.step();
                    frames += 1;
                    assert!(frames < 60 * 60, "{emission}: no result after a minute");
                }
                let seconds = f64::from(frames) / 60.0;
                println!("{emission} (win: {wanted}): result {seconds:.1} s after Auto");
                assert!(
                    seconds <= AUTO_SECONDS,
                    "{emission}: {seconds:.1} s under Auto"
                );
            }
        }
    }
}
