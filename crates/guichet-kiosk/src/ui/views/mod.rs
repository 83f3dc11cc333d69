//! The pages, each a [`View`](crate::ui::view::View).

mod age;
mod check_unit;
mod exclusion;
mod game_page;
mod history;
mod limits;
mod lobby;
mod new_player;
mod operator;
mod out_of_service;
mod pin;
mod reconnecting;
mod resume;
mod rules;
mod sign_in;
mod store_problem;

pub use age::AgePage;
pub use check_unit::CheckUnitPage;
pub use exclusion::ExclusionPage;
pub use game_page::GamePage;
pub use history::HistoryPage;
pub use limits::LimitsPage;
pub use lobby::Lobby;
pub use new_player::{NewPlayerPage, NewPlayerStep};
pub use operator::{ChartFacts, OperatorPage, RtpCurve, TabContent, TierFacts};
pub use out_of_service::OutOfServicePage;
pub use pin::{PinMessage, PinPage, PinStep};
pub use reconnecting::ReconnectingPage;
pub use resume::ResumePage;
pub use rules::RulesPage;
pub use sign_in::{SignInMessage, SignInPage, SignInStep};
pub use store_problem::StoreProblemPage;
