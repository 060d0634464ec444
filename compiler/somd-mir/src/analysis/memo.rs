//! Answers of a yes/no question about functions that call each other, each decided once.
//!
//! The call-graph analyses ask a question of a callee's parameter ("does `f` write its
//! parameter `k`?", "does it only read it?") whose answer depends on the same question
//! asked of the callees it passes the parameter to. Asked afresh at every call, a chain of
//! helpers that each call the next several times costs the product of the calls (seven
//! helpers calling the next 14 times: 14⁷ walks). [`CycleMemo`] remembers every answer
//! that is final, so each question is decided once per memo.
//!
//! A call cycle asks a question while it is being decided. The memo then answers with the
//! question's *assumption*, the answer that adds nothing of its own (a cycle that only
//! passes an array around writes nothing; it reads at most). An answer decided under that
//! assumption is final when it differs from the assumption (the questions are monotone: an
//! assumption more favourable than the truth cannot produce a less favourable answer), or
//! when it rested on no question still open outside it (Tarjan's strongly connected
//! components: the cycle was closed inside). Other answers are given but not remembered,
//! and decided again when asked again.

use std::collections::HashMap;
use std::hash::Hash;

/// Memoised answers of a monotone yes/no question over call cycles (module docs).
pub struct CycleMemo<K> {
    /// What a question being decided answers.
    assume: bool,
    known: HashMap<K, bool>,
    /// The questions being decided, with their depth in the stack of open questions.
    open: HashMap<K, usize>,
    /// The smallest depth of an open question the current decision consulted.
    low: usize,
}

impl<K: Hash + Eq + Copy> CycleMemo<K> {
    /// A memo whose questions being decided answer `assume`.
    pub fn new(assume: bool) -> Self {
        CycleMemo { assume, known: HashMap::new(), open: HashMap::new(), low: usize::MAX }
    }

    /// The answer to `key` when the memo has one (remembered, or assumed while `key` is
    /// being decided); otherwise `key` is opened, and the caller decides it (asking the memo
    /// other questions) and hands the answer to [`CycleMemo::close`].
    pub fn open(&mut self, key: K) -> Result<bool, Open<K>> {
        if let Some(&known) = self.known.get(&key) {
            return Ok(known);
        }
        if let Some(&depth) = self.open.get(&key) {
            self.low = self.low.min(depth);
            return Ok(self.assume);
        }
        let depth = self.open.len();
        self.open.insert(key, depth);
        let outer = std::mem::replace(&mut self.low, usize::MAX);
        Err(Open { key, depth, outer })
    }

    /// Records the answer decided for an opened question, and returns it.
    pub fn close(&mut self, open: Open<K>, answer: bool) -> bool {
        let Open { key, depth, outer } = open;
        self.open.remove(&key);
        let closed = self.low >= depth;
        if answer != self.assume || closed {
            self.known.insert(key, answer);
        }
        // What this decision consulted outside itself, the enclosing one consulted too.
        self.low = if closed { outer } else { outer.min(self.low) };
        answer
    }
}

/// A question being decided ([`CycleMemo::open`]).
#[must_use = "an opened question must be closed with its answer"]
pub struct Open<K> {
    key: K,
    depth: usize,
    /// The enclosing decision's `low`.
    outer: usize,
}

#[cfg(test)]
mod tests {
    use super::CycleMemo;
    use std::collections::HashMap;

    /// "Does node `n` reach a marked node?" over `edges`, with a count of decisions.
    fn reaches(
        memo: &mut CycleMemo<u32>,
        edges: &HashMap<u32, Vec<u32>>,
        marked: &[u32],
        n: u32,
        decided: &mut u32,
    ) -> bool {
        let open = match memo.open(n) {
            Ok(answer) => return answer,
            Err(open) => open,
        };
        *decided += 1;
        let answer = marked.contains(&n)
            || edges
                .get(&n)
                .into_iter()
                .flatten()
                .any(|m| reaches(memo, edges, marked, *m, decided));
        memo.close(open, answer)
    }

    #[test]
    fn a_chain_of_repeated_calls_is_decided_once_per_node() {
        // Node k calls node k - 1 fourteen times; nothing is marked.
        let edges: HashMap<u32, Vec<u32>> = (1..8).map(|k| (k, vec![k - 1; 14])).collect();
        let mut memo = CycleMemo::new(false);
        let mut decided = 0;
        assert!(!reaches(&mut memo, &edges, &[], 7, &mut decided));
        assert_eq!(decided, 8);
    }

    #[test]
    fn answers_inside_a_cycle_are_exact() {
        // 0 -> 1 -> 2 -> 0, and 2 -> 3, marked: every node of the cycle reaches 3.
        let edges: HashMap<u32, Vec<u32>> =
            [(0, vec![1]), (1, vec![2]), (2, vec![0, 3])].into_iter().collect();
        let mut memo = CycleMemo::new(false);
        let mut decided = 0;
        for n in [0, 1, 2] {
            assert!(reaches(&mut memo, &edges, &[3], n, &mut decided), "node {n}");
        }
        // 4 -> 5 -> 4 reaches nothing marked; 5 was decided under 4's assumption, so it is
        // decided again when asked on its own, and comes out the same.
        let edges: HashMap<u32, Vec<u32>> = [(4, vec![5]), (5, vec![4])].into_iter().collect();
        let mut memo = CycleMemo::new(false);
        assert!(!reaches(&mut memo, &edges, &[3], 4, &mut decided));
        assert!(!reaches(&mut memo, &edges, &[3], 5, &mut decided));
    }

    #[test]
    fn an_answer_resting_on_an_open_question_is_not_remembered() {
        // 0 -> 1 -> 0 and 0 -> 2 marked, asked in the order that decides 1 while 0 is
        // open: 1 is first assumed not to reach (through 0), then found to reach.
        let edges: HashMap<u32, Vec<u32>> = [(0, vec![1, 2]), (1, vec![0])].into_iter().collect();
        let mut memo = CycleMemo::new(false);
        let mut decided = 0;
        assert!(reaches(&mut memo, &edges, &[2], 0, &mut decided));
        assert!(reaches(&mut memo, &edges, &[2], 1, &mut decided));
    }
}
