//! Definite assignment state (JLS ch. 16) and jump targets for `break`/`continue`.
//!
//! Each local variable (and, in a constructor, each blank `final` field) of the body being
//! checked gets a slot; [`Da`] holds the slots definitely assigned and the slots
//! definitely unassigned at the current point (the latter for `final` variables, which may
//! be assigned only while definitely unassigned). Both sets join by intersection. After a
//! statement that cannot complete normally both are "everything" (a vacuous truth,
//! JLS §16), so that joining with another path keeps the other path's facts. Loops are not
//! iterated to a fixed point: an assignment to a `final` variable inside a loop that may
//! repeat it is rejected by loop depth instead.

/// The definitely assigned and definitely unassigned slots.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Da {
    all: bool,
    bits: Vec<u64>,
    unassigned: Vec<u64>,
}

fn set_bit(words: &mut Vec<u64>, slot: usize) {
    let word = slot / 64;
    if words.len() <= word {
        words.resize(word + 1, 0);
    }
    words[word] |= 1 << (slot % 64);
}

fn clear_bit(words: &mut [u64], slot: usize) {
    if let Some(w) = words.get_mut(slot / 64) {
        *w &= !(1 << (slot % 64));
    }
}

fn has_bit(words: &[u64], slot: usize) -> bool {
    words.get(slot / 64).is_some_and(|w| w & (1 << (slot % 64)) != 0)
}

fn and(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x & y).collect()
}

impl Da {
    /// The state after a jump: every variable counts as assigned.
    pub(super) fn everything() -> Da {
        Da { all: true, bits: Vec::new(), unassigned: Vec::new() }
    }

    /// Definitely assigned.
    pub(super) fn contains(&self, slot: usize) -> bool {
        self.all || has_bit(&self.bits, slot)
    }

    /// Not definitely unassigned: some path may have assigned it.
    pub(super) fn maybe_assigned(&self, slot: usize) -> bool {
        !self.all && !has_bit(&self.unassigned, slot)
    }

    /// A new variable without a value.
    pub(super) fn declare_unassigned(&mut self, slot: usize) {
        if !self.all {
            set_bit(&mut self.unassigned, slot);
        }
    }

    /// An assignment.
    pub(super) fn insert(&mut self, slot: usize) {
        if self.all {
            return;
        }
        set_bit(&mut self.bits, slot);
        clear_bit(&mut self.unassigned, slot);
    }

    /// Counts a variable as assigned for reads only (after reporting a read before
    /// assignment, so that it is reported once); a `final` variable stays assignable.
    pub(super) fn silence(&mut self, slot: usize) {
        if !self.all {
            set_bit(&mut self.bits, slot);
        }
    }

    /// Intersection: what holds on both paths.
    pub(super) fn meet(&self, other: &Da) -> Da {
        if self.all {
            return other.clone();
        }
        if other.all {
            return self.clone();
        }
        Da {
            all: false,
            bits: and(&self.bits, &other.bits),
            unassigned: and(&self.unassigned, &other.unassigned),
        }
    }
}

/// A statement that `break` or `continue` can target.
#[derive(Clone, Debug)]
pub(super) struct JumpTarget {
    pub label: Option<String>,
    pub is_loop: bool,
    /// Meet of the states at every `break` that targets this statement.
    pub breaks: Da,
    pub has_break: bool,
    /// Meet of the states at every `continue` that targets this loop.
    pub continues: Da,
    pub has_continue: bool,
}

impl JumpTarget {
    pub(super) fn new(label: Option<String>, is_loop: bool) -> JumpTarget {
        JumpTarget {
            label,
            is_loop,
            breaks: Da::everything(),
            has_break: false,
            continues: Da::everything(),
            has_continue: false,
        }
    }
}
