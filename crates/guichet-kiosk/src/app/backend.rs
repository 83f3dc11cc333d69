//! Where the kiosk's records are: all in its own file, or the player's account
//! on a network and the kiosk's own records (its PIN, settings, events) in
//! its file; and, while a trial runs ("Essayer", `--demo`), the trial's play
//! money in memory, which nothing of either engine ever sees. The one place
//! the engine is told apart: everything else asks the backend for the point
//! of sale, the kiosk's file, or the desk's.

use guichet_network::PlayerAccount;
use guichet_sale::{PointOfSale, StoreError, Trial, Unit};
use guichet_sqlite::Store;

use crate::ui::view::Seat;

/// The engines behind the kiosk.
enum Engine {
    /// The kiosk's own file holds everything, the player's account too.
    Local(Store),
    /// The player's account is a network's; the kiosk's own records stay in
    /// its file.
    Network {
        /// The kiosk's own file.
        own: Store,
        /// The kiosk's seat on the network: the player signed in, if any.
        account: Box<PlayerAccount>,
    },
}

/// A trial of play money running at the kiosk, and whose it is.
struct TrialRun {
    trial: Trial,
    /// The stakeholders' demonstration (`--demo`): it never ends.
    demonstration: bool,
}

/// The engine, and the trial that takes the player's place while it runs.
pub struct Backend {
    engine: Engine,
    trial: Option<TrialRun>,
}

impl Backend {
    /// The kiosk's own file holding everything, no trial running.
    pub const fn local(store: Store) -> Self {
        Self {
            engine: Engine::Local(store),
            trial: None,
        }
    }

    /// The same kiosk on a network: the players' accounts are `account`'s,
    /// the kiosk's own records stay in its file; a trial running goes on.
    #[must_use]
    pub fn on_network(self, account: PlayerAccount) -> Self {
        let own = match self.engine {
            Engine::Local(store) | Engine::Network { own: store, .. } => store,
        };
        Self {
            engine: Engine::Network {
                own,
                account: Box::new(account),
            },
            trial: self.trial,
        }
    }

    /// Who the kiosk serves: the trial's player while one runs, else the
    /// player signed in, if any.
    pub fn seat(&self) -> Seat<'_> {
        if let Some(run) = &self.trial {
            return Seat::Trial {
                demonstration: run.demonstration,
            };
        }
        let card = match &self.engine {
            Engine::Local(store) => store.card(),
            Engine::Network { account, .. } => account.card(),
        };
        card.map_or(Seat::Free, |card| Seat::Taken { card })
    }

    /// Whether someone plays: a player signed in, or a trial.
    pub fn serves_a_player(&self) -> bool {
        self.seat() != Seat::Free
    }

    /// Starts a trial of play money (a `demonstration` never ends), the
    /// player signed in, if any, signed out first.
    pub fn start_trial(&mut self, demonstration: bool) {
        self.sign_out();
        self.trial = Some(TrialRun {
            trial: Trial::new(),
            demonstration,
        });
    }

    /// The trial running, to top up its play money.
    pub fn trial_mut(&mut self) -> Option<&mut Trial> {
        self.trial.as_mut().map(|run| &mut run.trial)
    }

    /// Signs in card `card`'s player with `pin`, where their account is; a
    /// trial running ends first (never a demonstration: nobody signs in
    /// there).
    ///
    /// # Errors
    /// [`StoreError::SignIn`] for a refused PIN; what the engine failed at.
    pub fn sign_in(&mut self, card: &str, pin: &str) -> Result<(), StoreError> {
        if self.trial.as_ref().is_some_and(|run| run.demonstration) {
            return Err(StoreError::SignedOut);
        }
        self.trial = None;
        match &mut self.engine {
            Engine::Local(store) => store.sign_in(card, pin),
            Engine::Network { account, .. } => account.sign_in(card, pin),
        }
    }

    /// Signs out the player signed in, if any, and ends a trial (not a
    /// demonstration, which never ends). A sign-out the kiosk's file cannot
    /// log still signs them out.
    pub fn sign_out(&mut self) {
        if self.trial.as_ref().is_some_and(|run| !run.demonstration) {
            self.trial = None;
        }
        match &mut self.engine {
            Engine::Local(store) => {
                let _ = store.sign_out();
            }
            Engine::Network { account, .. } => account.sign_out(),
        }
    }

    /// Where the units and money played are: the trial's while one runs,
    /// else the player's account.
    pub fn point_of_sale(&mut self) -> &mut dyn PointOfSale {
        match (&mut self.trial, &mut self.engine) {
            (Some(run), _) => &mut run.trial,
            (None, Engine::Local(store)) => store,
            (None, Engine::Network { account, .. }) => account.as_mut(),
        }
    }

    /// The player's account where the engine keeps it, a trial running or
    /// not (the operator's recall on a network).
    pub fn account(&mut self) -> &mut dyn PointOfSale {
        match &mut self.engine {
            Engine::Local(store) => store,
            Engine::Network { account, .. } => account.as_mut(),
        }
    }

    /// The kiosk's own file: its PIN, settings, events (and, alone, the
    /// player's account).
    pub const fn own(&self) -> &Store {
        match &self.engine {
            Engine::Local(store) | Engine::Network { own: store, .. } => store,
        }
    }

    /// The same, to write to.
    pub const fn own_mut(&mut self) -> &mut Store {
        match &mut self.engine {
            Engine::Local(store) | Engine::Network { own: store, .. } => store,
        }
    }

    /// Where the desk's acts are kept — money in and out, the age answer,
    /// limits and breaks: the kiosk's file alone; `None` on a network, where
    /// they are the network desk's.
    pub const fn desk(&mut self) -> Option<&mut Store> {
        match &mut self.engine {
            Engine::Local(store) => Some(store),
            Engine::Network { .. } => None,
        }
    }

    /// On a network, sends the closings of the kiosk's file the network has
    /// not received yet (`sent`: the last one known sent). `Some(counter)`
    /// when the network refused one: it holds another under that number, so
    /// this file is not the one that made it (said at every command until
    /// the operator acts). A network out of reach is tried again at the next
    /// command.
    pub fn send_closings(&mut self, sent: &mut i64) -> Option<i64> {
        let Engine::Network { own, account } = &mut self.engine else {
            return None;
        };
        let made = own.last_closing_counter().ok()?;
        if made <= *sent {
            return None;
        }
        // From the last one the network holds, which must be this file's too.
        let received = account.kiosk_mut().last_closing().ok()?;
        for closing in own
            .closings()
            .ok()?
            .into_iter()
            .filter(|closing| closing.counter >= received)
        {
            match account.kiosk_mut().send_closing(
                closing.counter,
                &closing.body,
                &closing.signature,
            ) {
                Ok(_) => {}
                // Said again at each command, until the operator acts.
                Err(error) if error.code() == Some(guichet_network::CLOSING_REFUSED) => {
                    return Some(closing.counter);
                }
                Err(_) => return None,
            }
        }
        *sent = made;
        None
    }

    /// Whether the network answers again, once it stopped: its connection
    /// made again if it was lost, then a call that needs no player. The
    /// kiosk's own file always answers.
    ///
    /// # Errors
    /// The network still out of reach, or its refusal.
    pub fn reach_network(&mut self) -> Result<(), StoreError> {
        let Engine::Network { account, .. } = &mut self.engine else {
            return Ok(());
        };
        let kiosk = account.kiosk_mut();
        kiosk.reconnect_if_lost()?;
        kiosk.last_closing()?;
        Ok(())
    }

    /// Whether the desk is this kiosk: players sign up here, money goes in
    /// and out here, and the kiosk's file keeps every player's units, the
    /// meters, the blocks and the closings. On a network all of these are
    /// the network desk's.
    pub const fn desk_is_here(&self) -> bool {
        matches!(self.engine, Engine::Local(_))
    }

    /// The units the operator may recall, newest first, at most `limit`:
    /// every player's in the kiosk's file, each with its card; on a network,
    /// the player's signed in (no card: theirs).
    ///
    /// # Errors
    /// What the engine failed at.
    pub fn recall(&mut self, limit: u32) -> Result<Vec<(Unit, Option<String>)>, StoreError> {
        match &mut self.engine {
            Engine::Local(store) => Ok(store
                .recent_units_of_all(limit)?
                .into_iter()
                .map(|(unit, card)| (unit, Some(card)))
                .collect()),
            Engine::Network { account, .. } => Ok(account
                .recent_units(limit)?
                .into_iter()
                .map(|unit| (unit, None))
                .collect()),
        }
    }

    /// The kiosk's own file, the rest let go.
    pub fn into_own(self) -> Store {
        match self.engine {
            Engine::Local(store) | Engine::Network { own: store, .. } => store,
        }
    }
}
