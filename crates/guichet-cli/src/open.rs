//! Opening a kiosk's file for a command: read only for the commands that only
//! read, which must find it; to write for the others, created by `player
//! add` alone; acting for the player named (the desk's acts), or with them
//! signed in with their PIN (their own); its keys where `--keys` says, else
//! where the environment does; its warnings told.

use std::path::{Path, PathBuf};
use std::time::Duration;

use guichet_sale::StoreError;
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{OpenOptions, Store};

use crate::connect;
use crate::failure::Failure;
use crate::output::tell;
use crate::shared_args::{AnyDatabaseArgs, Database, DatabaseArgs};

/// How long `play` waits for a unit played by another process to be settled.
pub(crate) const LEASE_WAIT: Duration = Duration::from_secs(5);

impl AnyDatabaseArgs {
    /// The database named on the command line, or the default file.
    pub(crate) fn database(&self) -> Database {
        self.db
            .clone()
            .unwrap_or_else(|| Database::File(Store::default_path()))
    }
}

impl DatabaseArgs {
    /// The database named on the command line, or the default one.
    pub(crate) fn path(&self) -> PathBuf {
        self.db.clone().unwrap_or_else(Store::default_path)
    }

    /// How to open it: its keys where `--keys` says.
    pub(crate) fn options(&self) -> OpenOptions {
        options(self.keys.as_deref())
    }

    /// Opens the database to read only, which must exist: for the commands
    /// that only read it. Nothing is written or created.
    pub(crate) fn open_to_read(&self) -> Result<Store, Failure> {
        opened(self.options().read_only().open(&self.path()))
    }

    /// Opens the database to write, which must exist: for the commands that
    /// take money out of an account that must already be there.
    pub(crate) fn open_existing(&self) -> Result<Store, Failure> {
        opened(self.options().existing_only().open(&self.path()))
    }

    /// Opens the database, creating it on first use: for `player add`.
    pub(crate) fn open_or_create(&self) -> Result<Store, Failure> {
        opened(self.options().lease_wait(LEASE_WAIT).open(&self.path()))
    }

    /// Opens the existing database to write, waiting for a unit another
    /// process plays: for a player's money and play.
    fn open_to_play(&self) -> Result<Store, Failure> {
        opened(
            self.options()
                .existing_only()
                .lease_wait(LEASE_WAIT)
                .open(&self.path()),
        )
    }

    /// Opens the database to write, acting for card `card`'s player without
    /// their PIN: the desk's acts (a deposit at the cash desk).
    pub(crate) fn open_for_the_desk(&self, card: &str) -> Result<Store, Failure> {
        let mut store = self.open_to_play()?;
        act_for(&mut store, card)?;
        Ok(store)
    }

    /// Opens the database to write with card `card`'s player signed in with
    /// the PIN in `GUICHET_PLAYER_PIN`: the player's own acts.
    pub(crate) fn open_signed_in(&self, card: &str) -> Result<Store, Failure> {
        let pin = connect::player_pin(card)?;
        let mut store = self.open_to_play()?;
        sign_in(&mut store, card, &pin)?;
        Ok(store)
    }

    /// Opens the database to read only, for card `card`'s player.
    pub(crate) fn open_to_read_for(&self, card: &str) -> Result<Store, Failure> {
        let mut store = self.open_to_read()?;
        act_for(&mut store, card)?;
        Ok(store)
    }
}

/// `store` acting for card `card`'s player, who must be there.
fn act_for(store: &mut Store, card: &str) -> Result<(), Failure> {
    match store.act_for(card) {
        Err(StoreError::SignIn(_)) => Err(unknown_card(card)),
        other => Ok(other?),
    }
}

/// `store` with card `card`'s player signed in with `pin`.
pub(crate) fn sign_in(store: &mut Store, card: &str, pin: &str) -> Result<(), Failure> {
    match store.sign_in(card, pin) {
        Err(StoreError::SignIn(guichet_sale::SignInRefusal::UnknownCard)) => {
            Err(unknown_card(card))
        }
        Err(StoreError::SignIn(refusal)) => {
            Err(Failure::Other(anyhow::anyhow!("card {card}: {refusal}")))
        }
        other => Ok(other?),
    }
}

/// No player has card `card`, or none with a PIN.
fn unknown_card(card: &str) -> Failure {
    Failure::Other(anyhow::anyhow!(
        "no player has card {card}, or none with a PIN (guichet player list; guichet player add --card {card})"
    ))
}

/// Options whose keys are in `keys` if given, else where the environment says.
pub(crate) fn options(keys: Option<&Path>) -> OpenOptions {
    let options = OpenOptions::new();
    match keys {
        Some(folder) => options.keys(KeyStore::Folder(folder.to_path_buf())),
        None => options,
    }
}

/// The store opened, its warnings told on stderr.
pub(crate) fn opened(store: Result<Store, StoreError>) -> Result<Store, Failure> {
    let store = store?;
    for warning in store.warnings() {
        tell(&format!("warning: {warning}"));
    }
    if let Some(problem) = store.seal_problem().filter(|_| !store.is_read_only()) {
        tell(&format!("warning: {problem}"));
    }
    Ok(store)
}
