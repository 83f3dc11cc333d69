//! The PostgreSQL engine, for a network of kiosks: the schema and its
//! migrations, a kiosk role that never sees a secret, blocks opened by the
//! operator's tool, player accounts, and units sold, revealed and settled on
//! the kiosks. May import the core and the sale API; never SQLite, the kiosk
//! or egui.
//!
//! The operator's tool ([`Operator`]) connects as the schema's owner: it holds
//! each block's seed, computes every unit's tier with the core
//! ([`Block::walk`](guichet_core::block::Block::walk)) and stores them in a
//! table the kiosk role cannot read; it credits the players' accounts, sets
//! their PINs and verifies the whole database. A kiosk ([`Kiosk`]) connects as
//! the kiosk role and may only call the schema's `SECURITY DEFINER`
//! functions the operator grants it (`operator.rs`'s list) and read
//! `guichet.public_blocks` (commitments, sales, and the seed of a block once
//! it is closed); it gives its name and the secret the operator added it with
//! ([`Operator::add_kiosk`]) to each, and acts as itself only. A player signs
//! in at it with card and PIN and plays through [`PlayerAccount`]
//! ([`PlayerAccount::sign_in`]), which gives the session's token with every call: no
//! player's money, units or limits are reachable without their session. A
//! sale is paid and committed before its prize is told. Players' accounts are
//! protected as on a kiosk's own file: 7-day deposit and stake limits,
//! self-exclusion (`protection.rs`). See `v1.sql` to `v6.sql`.

mod endpoint;
mod error;
mod kiosk;
mod operator;
mod player_account;
mod protection;
mod refusal;
mod reports;
mod sale;
mod schema;
mod unit_row;
mod verify;

pub use endpoint::{Endpoint, TlsMode};
pub use error::{
    CLOSING_REFUSED, KIOSK_REFUSED, NOT_FINAL, NetworkError, SIGNED_OUT, connection_lost,
};
pub use kiosk::{Kiosk, Session};
pub use operator::Operator;
pub use player_account::PlayerAccount;
pub use reports::{DeskMeter, KioskMeter, LastClosing, NetworkBlock, PackBeingSold};
pub use sale::{PublicBlock, Sale};
pub use schema::{KIOSK_ROLE, SCHEMA_VERSION};
