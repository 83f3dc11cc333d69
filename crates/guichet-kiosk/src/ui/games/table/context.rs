//! What a table is drawn from: the emission on sale, the unit on it, the
//! balance, the words.

use guichet_core::emission::Emission;
use guichet_core::money::Cents;
use guichet_sale::Unit;

use crate::ui::i18n::Texts;

/// What a table is drawn from, as its page gives it.
pub struct TableContext<'a> {
    /// The emission on sale at this table.
    pub emission: &'static Emission,
    /// The unit on the table, as the store holds it (none before buying).
    pub unit: Option<&'a Unit>,
    /// The player's balance.
    pub balance: Cents,
    /// The kiosk's words.
    pub texts: &'a Texts,
    /// Whether units are sold here ("Jouer", "Auto", the stakes): not on the
    /// operator's recall of a unit.
    pub for_sale: bool,
}
