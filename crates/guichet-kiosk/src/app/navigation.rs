//! Going from page to page: each page is made from what the store holds when
//! it opens.

use guichet_core::emission::Game;
use guichet_core::unit_check::{self, SoldUnit};
use guichet_sale::{PointOfSale, StoreError, UnitState};

use crate::app::desk::Access;
use crate::app::page::Page;
use crate::app::play::show_game;
use crate::app::state::{Changed, KioskState};
use crate::command::Navigation;
use crate::ui::views::{
    AgePage, CheckUnitPage, ExclusionPage, HistoryPage, LimitsPage, Lobby, NewPlayerPage, PinPage,
    RulesPage, SignInPage,
};

/// Units the history lists.
const HISTORY_LENGTH: u32 = 200;

/// Shows the page `to`.
///
/// # Errors
/// What the store refused or failed at while making the page.
pub fn go(state: &mut KioskState, to: Navigation) -> Result<Changed, StoreError> {
    let Some(backend) = state.backend.as_mut() else {
        return Ok(Changed::NOTHING);
    };
    match to {
        Navigation::Lobby => {
            state.desk.access = Access::Closed;
            state.page = Page::Lobby(Lobby);
            // A network's desk may have credited the player meanwhile; the
            // kiosk's own file is watched for what others write to it.
            Ok(if backend.desk_is_here() {
                Changed::NOTHING
            } else {
                Changed::ALL
            })
        }
        Navigation::Game(emission) => show_game(state, emission),
        Navigation::History => {
            let units = backend.point_of_sale().recent_units(HISTORY_LENGTH)?;
            state.page = Page::History(HistoryPage::new(units));
            Ok(Changed::NOTHING)
        }
        Navigation::CheckUnit(id) => {
            let point_of_sale = backend.point_of_sale();
            let unit = point_of_sale.unit(id)?;
            // An unsettled unit is not checked: its check would tell its
            // prize before its reveal does.
            if unit.state != UnitState::Settled {
                return go(state, Navigation::History);
            }
            let block = point_of_sale.published_block(unit.emission, unit.block)?;
            let checked = unit_check::check(
                &SoldUnit {
                    emission: unit.emission,
                    block: unit.block,
                    index: unit.index,
                    prize: unit.prize,
                    scenario: &unit.scenario,
                    generator: unit.generator,
                },
                block.commitment,
                block.seed.as_ref(),
            );
            state.page = Page::CheckUnit(CheckUnitPage::new(unit, block, checked));
            Ok(Changed::NOTHING)
        }
        Navigation::Rules(game) => {
            state.page = rules_page(backend.account(), game)?;
            Ok(Changed::NOTHING)
        }
        Navigation::Age => {
            state.page = Page::Age(AgePage);
            Ok(Changed::NOTHING)
        }
        // The limits and the break are shown as they stand now: a week's
        // window moves with time.
        Navigation::Limits => {
            state.page = Page::Limits(LimitsPage::new());
            Ok(Changed::PROTECTION)
        }
        Navigation::Exclusion => {
            state.page = Page::Exclusion(ExclusionPage::new());
            Ok(Changed::PROTECTION)
        }
        Navigation::Operator => {
            state.desk.access = Access::Closed;
            state.page = Page::Pin(PinPage::new(backend.own().operator_pin_is_set()?));
            Ok(Changed::NOTHING)
        }
        Navigation::SignIn => {
            state.page = if backend.serves_a_player() {
                Page::Lobby(Lobby)
            } else {
                Page::SignIn(SignInPage::new(backend.desk_is_here()))
            };
            Ok(Changed::NOTHING)
        }
        // Players sign up at a network's desk; signed in, one is a player.
        Navigation::NewPlayer => {
            state.page = if backend.serves_a_player() || !backend.desk_is_here() {
                Page::Lobby(Lobby)
            } else {
                Page::NewPlayer(NewPlayerPage::new())
            };
            Ok(Changed::NOTHING)
        }
    }
}

/// The rules of `game`, with the block selling of each of its emissions
/// where the player's account is: the kiosk's file, or the network whose
/// blocks it sells (a trial's play money never shows here).
fn rules_page(account: &mut dyn PointOfSale, game: Game) -> Result<Page, StoreError> {
    let statuses = game
        .emissions()
        .map(|emission| {
            account
                .block_status(emission)
                .map(|status| (emission, status))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Page::Rules(RulesPage::new(game, statuses)))
}
