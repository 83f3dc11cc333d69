//! A network set up for a test: the schema installed, a block open, kiosks
//! added, players with money and a PIN signed in at them. Shared by the
//! network's tests by path.

// Each test binary uses its share of these.
#![allow(dead_code)]

use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_core::games::star_fortune::game::STAR_FORTUNE_50;
use guichet_core::money::Cents;
use guichet_network::{Kiosk, Operator, PlayerAccount};
use guichet_sale::{LimitKind, MAX_LIMIT};

use crate::postgres_server::{Server, as_user};

/// A seed of the test's choosing.
pub fn seed(byte: u8) -> Seed {
    Seed::from_bytes([byte; 32])
}

/// Database `name` on `server`, set up with the kiosk role `kiosk_<name>`
/// (password `pw`) and block 0 of Star Fortune 50 opened under `seed(byte)`:
/// the operator, the superuser's URL and the kiosk role's.
pub fn set_up(server: &Server, name: &str, byte: u8) -> (Operator, String, String) {
    let url = server.database(name);
    let mut operator = Operator::connect(&url).expect("the operator connects");
    let role = format!("kiosk_{name}");
    operator.install(&role, "pw").expect("installed");
    operator
        .open_block(EMISSION, 0, &seed(byte))
        .expect("block 0 opens");
    let kiosk_url = as_user(&url, &role, "pw");
    (operator, url, kiosk_url)
}

/// Adds kiosk `name` to the network and connects it as the kiosk role.
pub fn kiosk(operator: &mut Operator, kiosk_url: &str, name: &str) -> Kiosk {
    let secret = operator.add_kiosk(name).expect("the kiosk is added");
    Kiosk::connect(kiosk_url, name, &secret).expect("the kiosk connects")
}

/// The emission the tests sell: 850 000 units to a block.
pub const EMISSION: &Emission = &STAR_FORTUNE_50;

/// The PIN the desk gives every test player.
pub const PIN: &str = "4821";

/// Opens player `name`'s account at the desk: both 7-day limits as high as
/// they go, and their PIN.
pub fn open_account(operator: &mut Operator, name: &str) {
    for kind in [LimitKind::Deposit, LimitKind::Stake] {
        operator
            .set_limit(name, kind, MAX_LIMIT, "desk")
            .expect("a limit");
    }
    operator.set_pin(name, PIN).expect("a PIN");
}

/// Player `card` signed in at `kiosk` with their PIN.
pub fn signed_in(kiosk: Kiosk, card: &str) -> PlayerAccount {
    let mut account = PlayerAccount::new(kiosk);
    account.sign_in(card, PIN).expect("signed in");
    account
}

/// Player `card`, given `money`, signed in at a new kiosk `name`.
pub fn player_at(
    operator: &mut Operator,
    kiosk_url: &str,
    name: &str,
    card: &str,
    money: Cents,
) -> PlayerAccount {
    open_account(operator, card);
    operator.deposit(card, money, "desk").expect("a deposit");
    signed_in(kiosk(operator, kiosk_url, name), card)
}
