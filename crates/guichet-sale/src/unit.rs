//! A game unit as a player's engine holds it: sold, revealed step by step,
//! settled; and what settling it did.

use guichet_core::emission::Emission;
use guichet_core::games::Scenario;
use guichet_core::generator;
use guichet_core::money::Cents;
use guichet_core::reveal::Progress;
use guichet_core::step::RevealStep;

/// Where a unit stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnitState {
    /// Paid for; nothing revealed yet.
    Sold,
    /// Partly revealed.
    Revealing,
    /// Fully revealed and its prize credited.
    Settled,
}

impl UnitState {
    /// The name in the database and in exports.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Sold => "sold",
            Self::Revealing => "revealing",
            Self::Settled => "settled",
        }
    }

    /// The state named `name` (as [`UnitState::name`] gives it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Sold, Self::Revealing, Self::Settled]
            .into_iter()
            .find(|state| state.name() == name)
    }
}

/// A game unit as the store holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its number in the store.
    pub id: i64,
    /// The emission it was sold from.
    pub emission: &'static Emission,
    /// The block it was sold from.
    pub block: u32,
    /// Its index in that block.
    pub index: u32,
    /// Its prize, fixed when it was sold.
    pub prize: Cents,
    /// What its screen shows, as sold (before any choice of the player).
    pub scenario: Scenario,
    /// The version of the generators that drew it (`generator::VERSION` then).
    pub generator: u32,
    /// The reveal steps taken, in order.
    pub steps: Vec<RevealStep>,
    /// How far those steps reveal it.
    pub progress: Progress,
    /// Where it stands.
    pub state: UnitState,
    /// When it was sold, as `2026-11-29T20:01:02Z`.
    pub sold_at: String,
    /// When it was settled.
    pub settled_at: Option<String>,
}

impl Unit {
    /// Unit `id` just sold: unit `index` of block `block` of `emission`,
    /// with its prize and scenario (drawn by this version of the
    /// generators), nothing revealed yet.
    #[must_use]
    pub fn sold(
        id: i64,
        (emission, block, index): (&'static Emission, u32, u32),
        (prize, scenario): (Cents, Scenario),
        sold_at: String,
    ) -> Self {
        Self {
            id,
            emission,
            block,
            index,
            prize,
            progress: Progress::new(&scenario),
            scenario,
            generator: generator::VERSION,
            steps: Vec::new(),
            state: UnitState::Sold,
            sold_at,
            settled_at: None,
        }
    }

    /// What its screen shows now: the scenario with the player's choices (the
    /// Star Fortune pucks and their ways down).
    #[must_use]
    pub fn shown_scenario(&self) -> Scenario {
        self.progress.shown(&self.scenario)
    }
}

/// What settling a unit did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settlement {
    /// The unit, settled.
    pub unit: Unit,
    /// Whether this call settled it (and credited its prize, if any); `false`
    /// when it was already settled, and nothing was credited again.
    pub credited: bool,
}
