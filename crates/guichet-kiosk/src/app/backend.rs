//! Where the kiosk's records are: all in its own file, or the player's account
//! on a network and the kiosk's own records (its PIN, settings, events) in
//! its file. The one place the engine is told apart: everything else asks
//! the backend for the point of sale, the kiosk's file, or the desk's.

use guichet_network::PlayerAccount;
use guichet_sale::{PointOfSale, StoreError};
use guichet_sqlite::Store;

use crate::ui::view::Seat;

/// The engines behind the kiosk.
pub enum Backend {
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

impl Backend {
    /// Who the kiosk serves: the player signed in, if any.
    pub fn seat(&self) -> Seat<'_> {
        let card = match self {
            Self::Local(store) => store.card(),
            Self::Network { account, .. } => account.card(),
        };
        card.map_or(Seat::Free, |card| Seat::Taken { card })
    }

    /// Whether someone's money and play may be touched: a player signed in.
    pub fn serves_a_player(&self) -> bool {
        self.seat() != Seat::Free
    }

    /// Signs in card `card`'s player with `pin`, where their account is.
    ///
    /// # Errors
    /// [`StoreError::SignIn`] for a refused PIN; what the engine failed at.
    pub fn sign_in(&mut self, card: &str, pin: &str) -> Result<(), StoreError> {
        match self {
            Self::Local(store) => store.sign_in(card, pin),
            Self::Network { account, .. } => account.sign_in(card, pin),
        }
    }

    /// Signs out the player signed in, if any. A sign-out the kiosk's file
    /// cannot log still signs them out.
    pub fn sign_out(&mut self) {
        match self {
            Self::Local(store) => {
                let _ = store.sign_out();
            }
            Self::Network { account, .. } => account.sign_out(),
        }
    }

    /// Where the player's units and money are.
    pub fn point_of_sale(&mut self) -> &mut dyn PointOfSale {
        match self {
            Self::Local(store) => store,
            Self::Network { account, .. } => account.as_mut(),
        }
    }

    /// The kiosk's own file: its PIN, settings, events (and, alone, the
    /// player's account).
    pub const fn own(&self) -> &Store {
        match self {
            Self::Local(store) | Self::Network { own: store, .. } => store,
        }
    }

    /// The same, to write to.
    pub const fn own_mut(&mut self) -> &mut Store {
        match self {
            Self::Local(store) | Self::Network { own: store, .. } => store,
        }
    }

    /// Where the desk's acts are kept — money in and out, the age answer,
    /// limits and breaks: the kiosk's file alone; `None` on a network, where
    /// they are the network desk's.
    pub const fn desk(&mut self) -> Option<&mut Store> {
        match self {
            Self::Local(store) => Some(store),
            Self::Network { .. } => None,
        }
    }

    /// On a network, sends the closings of the kiosk's file the network has
    /// not received yet (`sent`: the last one known sent). `Some(counter)`
    /// when the network refused one: it holds another under that number, so
    /// this file is not the one that made it (said at every command until
    /// the operator acts). A network out of reach is tried again at the next
    /// command.
    pub fn send_closings(&mut self, sent: &mut i64) -> Option<i64> {
        let Self::Network { own, account } = self else {
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

    /// The units played here and the money behind them are on a network.
    pub const fn is_network(&self) -> bool {
        matches!(self, Self::Network { .. })
    }

    /// The kiosk's own file, the rest let go.
    pub fn into_own(self) -> Store {
        match self {
            Self::Local(store) | Self::Network { own: store, .. } => store,
        }
    }
}
