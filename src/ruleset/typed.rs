//! Rulings and values as types. Each game declares its rulings once, with the
//! [`rulings!`](crate::ruleset::rulings) macro, in its `ruling.rs`: an enum of ruling ids
//! (`ruling::Id`), an enum of each ruling's choices (`ruling::Spoke::Connected`) and an
//! enum of value keys (`ruling::Value`). Game code asks a [`Ruleset`] with those types, so
//! a misspelt id or choice fails to compile; a test per game checks the declaration
//! against the game's ruleset files, both ways.

use super::Ruleset;

/// A ruling of some game, by id.
pub trait RulingName: Copy + 'static {
    /// The id in the ruleset files (`square-reuse`).
    fn id(self) -> &'static str;
    /// The ids of its choices, as declared.
    fn choices(self) -> &'static [&'static str];
}

/// One ruling's choices: the type names the ruling, its variants the choices.
pub trait Choice: Copy + Eq + 'static {
    /// The ruling these are the choices of.
    type Ruling: RulingName;
    const RULING: Self::Ruling;
    /// Every choice, in declaration order (never empty).
    const ALL: &'static [Self];
    /// The choice's id in the ruleset files (`no-revisit`).
    fn id(self) -> &'static str;
}

/// A choice that can be set in a game's `ruling::Choices` (the macro implements it for
/// every ruling's enum): `Choices::with(ruling::Steps::Diagonals)`.
pub trait Pick<Choices> {
    /// Sets the ruling this is a choice of to `self`.
    fn pick(self, into: &mut Choices);
}

/// A value of some game (`start-money`), by key.
pub trait ValueName: Copy + 'static {
    fn key(self) -> &'static str;
}

impl Ruleset {
    /// The choice in force for ruling `C`. A ruleset is checked against the game's
    /// definitions when it is read, and a test checks each game's declaration against
    /// them, so the choice is always one of `C`'s; were it not, the first is given.
    pub fn get<C: Choice>(&self) -> C {
        let chosen = self.choice_named(C::RULING.id());
        C::ALL
            .iter()
            .copied()
            .find(|c| c.id() == chosen)
            .unwrap_or(C::ALL[0])
    }

    /// Whether ruling `C` is set to `choice`.
    pub fn is<C: Choice>(&self, choice: C) -> bool {
        self.get::<C>() == choice
    }

    /// A value from the ruleset. Every complete ruleset declares each of its game's
    /// values with a default (a test checks each game's declaration).
    pub fn value(&self, key: impl ValueName) -> i64 {
        self.values.get(key.key()).copied().unwrap_or(0)
    }

    /// A copy with one ruling changed (for tests and for commands that switch a ruling).
    pub fn with<C: Choice>(&self, choice: C) -> Result<Ruleset, crate::diag::Error> {
        self.with_named(C::RULING.id(), choice.id())
    }
}

/// Declares a game's rulings and values as types (see the module's documentation). Each
/// ruling is a line `field: Type = "id" { Choice = "choice-id", … }`: the enum `Type` of
/// its choices, the variant `Id::Type`, and the field `field` of `Choices`, the choice in
/// force for every ruling, read from a ruleset once (`Choices::from_ruleset`):
///
/// ```ignore
/// rulings! {
///     rulings {
///         /// Whether a square may be walked twice.
///         square_reuse: SquareReuse = "square-reuse" { NoRevisit = "no-revisit", Revisit = "revisit" }
///     }
///     values { AreaWidth = "area-width" }
/// }
/// ```
macro_rules! rulings {
    (
        rulings {
            $(
                $(#[$meta:meta])*
                $field:ident: $ty:ident = $id:literal { $($var:ident = $cid:literal),+ $(,)? }
            )*
        }
        values { $($vvar:ident = $vkey:literal),* $(,)? }
    ) => {
        $(
            $(#[$meta])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum $ty { $($var),+ }

            impl $ty {
                /// The ruling's id and the choice's, as a ruleset file names them.
                pub fn named(self) -> (&'static str, &'static str) {
                    ($id, $crate::ruleset::Choice::id(self))
                }

                /// The choice cited in a message: `ruling ID: CHOICE`. Messages cite a
                /// ruling this way, never with its id written out.
                pub const fn cite(self) -> &'static str {
                    match self { $(Self::$var => concat!("ruling ", $id, ": ", $cid)),+ }
                }

                /// The choice cited in a message: ``ruling ID is `CHOICE` ``.
                pub const fn cite_is(self) -> &'static str {
                    match self { $(Self::$var => concat!("ruling ", $id, " is `", $cid, "`")),+ }
                }
            }

            impl std::fmt::Display for $ty {
                /// The choice's id, as a ruleset file names it.
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str($crate::ruleset::Choice::id(*self))
                }
            }

            impl $crate::ruleset::Pick<Choices> for $ty {
                fn pick(self, into: &mut Choices) {
                    into.$field = self;
                }
            }

            impl $crate::ruleset::Choice for $ty {
                type Ruling = Id;
                const RULING: Id = Id::$ty;
                const ALL: &'static [Self] = &[$(Self::$var),+];
                fn id(self) -> &'static str {
                    match self { $(Self::$var => $cid),+ }
                }
            }
        )*

        /// The choice in force for every ruling of the game, read from a ruleset once.
        /// The game's `Rules` holds it, and its code decides by matching these fields.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct Choices {
            $(
                $(#[$meta])*
                pub $field: $ty,
            )*
        }

        impl Choices {
            /// The choices a ruleset makes.
            pub fn from_ruleset(rs: &$crate::ruleset::Ruleset) -> Choices {
                Choices { $($field: rs.get::<$ty>(),)* }
            }

            /// These choices with one changed.
            pub fn with(mut self, choice: impl $crate::ruleset::Pick<Choices>) -> Choices {
                choice.pick(&mut self);
                self
            }
        }

        /// Every ruling of the game, by id.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Id { $($ty),* }

        impl Id {
            pub const ALL: &'static [Id] = &[$(Id::$ty),*];

            /// The id in the ruleset files.
            pub fn id(self) -> &'static str {
                match self { $(Id::$ty => $id),* }
            }

            /// The ruling cited in a message: `ruling ID`. Messages cite a ruling this
            /// way, never with its id written out, so a renamed id leaves none behind.
            pub const fn cite(self) -> &'static str {
                match self { $(Id::$ty => concat!("ruling ", $id)),* }
            }
        }

        impl std::fmt::Display for Id {
            /// The id in the ruleset files.
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.id())
            }
        }

        impl $crate::ruleset::RulingName for Id {
            fn id(self) -> &'static str {
                Id::id(self)
            }
            fn choices(self) -> &'static [&'static str] {
                match self { $(Id::$ty => &[$($cid),+]),* }
            }
        }

        /// Every value of the game, by key.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Value { $($vvar),* }

        impl Value {
            pub const ALL: &'static [Value] = &[$(Value::$vvar),*];

            /// The key in the ruleset files.
            pub fn key(self) -> &'static str {
                match self { $(Value::$vvar => $vkey),* }
            }
        }

        impl $crate::ruleset::ValueName for Value {
            fn key(self) -> &'static str {
                Value::key(self)
            }
        }
    };
}
pub(crate) use rulings;

/// Checks a game's declaration against its built-in rulesets, both ways: every ruling,
/// choice and value declared is defined by the files, and every one defined is declared.
/// Returns what differs, one line each.
pub fn declaration_differences(
    game: &str,
    ids: &[impl RulingName],
    values: &[impl ValueName],
) -> Vec<String> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut defined: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut defined_values = BTreeSet::new();
    for name in super::builtin_names() {
        let Ok(rs) = Ruleset::builtin(name) else {
            return vec![format!("ruleset {name} does not load")];
        };
        if rs.game != game {
            continue;
        }
        for r in &rs.rulings {
            let alts = defined.entry(r.id.clone()).or_default();
            alts.extend(r.alternatives.iter().map(|a| a.id.clone()));
        }
        defined_values.extend(rs.values.keys().cloned());
    }
    let declared: BTreeMap<String, BTreeSet<String>> = ids
        .iter()
        .map(|i| {
            let choices = i.choices().iter().map(|c| c.to_string()).collect();
            (i.id().to_string(), choices)
        })
        .collect();
    let declared_values: BTreeSet<String> = values.iter().map(|v| v.key().to_string()).collect();
    let mut out = Vec::new();
    if declared != defined {
        out.push(format!(
            "rulings: declared {declared:?}, defined {defined:?}"
        ));
    }
    if declared_values != defined_values {
        out.push(format!(
            "values: declared {declared_values:?}, defined {defined_values:?}"
        ));
    }
    out
}
