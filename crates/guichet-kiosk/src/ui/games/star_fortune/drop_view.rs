//! How each of the unit's two drops shows at a frame: to come, waiting for
//! a pick, falling, or landed (and its "GO" amount rolling up).

use guichet_core::games::star_fortune::plinko::Sample;
use guichet_core::games::star_fortune::puck_path::Landing;

/// How one drop shows at this frame.
#[derive(Clone, Copy, Debug)]
pub enum DropView {
    /// Its turn has not come.
    Later,
    /// Three pucks wait for the player's pick.
    Waiting,
    /// Its puck falls, and is here.
    Falling(Sample),
    /// Its puck rests at `at`, `since` seconds after it landed; `go` is how
    /// far the amount "GO" revealed has rolled up, once pressed.
    Landed {
        /// Where it rests.
        at: Sample,
        /// Seconds since it landed.
        since: f32,
        /// How far the amount "GO" revealed has rolled up (0 to 1), once
        /// pressed.
        go: Option<f32>,
    },
}

/// Whether a drop has ended on screen: landed on a place, or its "GO" amount
/// rolled up.
pub fn has_ended(shown: DropView, landing: Landing) -> bool {
    match (shown, landing) {
        (DropView::Landed { .. }, Landing::Slot { .. }) => true,
        (DropView::Landed { go, .. }, Landing::Bonus { .. }) => go.is_some_and(|go| go >= 1.0),
        _ => false,
    }
}
