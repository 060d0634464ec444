//! Tests of `analysis::shared::task_effects`: what of a task worker another task of its
//! graph may observe. The heap (objects and arrays other tasks may reach) counts as one
//! location; a stateful task's own object, and what its fields alone hold, do not.

mod common;

use common::{find, lowered};
use somd_mir::analysis::shared::task_effects;
use somd_mir::Module;

const PROGRAM: &str = "
import java.util.Random;

public class Main {
    static int n = 0;
    static final Box G = new Box();
    static Random common = new Random(1);

    static int src() {
        if (n >= 3) {
            throw new Underflow();
        }
        n++;
        return n;
    }

    static int readG(int x) {
        return G.v + x;
    }

    static int draw(int x) {
        return x + common.nextInt(5);
    }

    static final int[] SHARED = new int[1];

    static int readShared(int x) {
        return x + SHARED[0];
    }

    public static void main(String[] args) {
        Box b = new Box();
        int[] arr = new int[1];
        (task Main.src => task new Adder(b).add => task new Stamp(arr).put
            => task new Tally().count => task new Noise(3).mix => task Main.readG
            => task Main.draw => task new Stamp(arr).get => task Main.readShared
            => task new Counter(new Reg()).count).finish();
    }
}

class Box {
    int v;
}

class Adder {
    Box b;

    Adder(Box b) {
        this.b = b;
    }

    int add(int x) {
        b.v += x;
        return b.v;
    }
}

class Stamp {
    int[] a;

    Stamp(int[] a) {
        this.a = a;
    }

    int put(int x) {
        a[0] = x;
        return x;
    }

    int get(int x) {
        return a[0] - x;
    }
}

class Tally {
    int[] seen = new int[16];
    int total;

    int count(int x) {
        seen[x % 16]++;
        total += x;
        return seen[x % 16] + bump(total);
    }

    int bump(int v) {
        total = v % 1000;
        return total;
    }
}

class Reg {
    Counter c;
}

class Counter {
    int count;

    Counter(Reg r) {
        r.c = this;
    }

    int count(int x) {
        count += x;
        return x;
    }
}

class Noise {
    Random r;

    Noise(int seed) {
        r = new Random(seed);
    }

    int mix(int x) {
        return x ^ r.nextInt(256);
    }
}
";

/// (heap read, heap write) of worker `name`.
fn heap(module: &Module, name: &str) -> (bool, bool) {
    let effects = task_effects(module, find(module, name));
    (effects.heap_reads, effects.heap_writes)
}

#[test]
fn objects_and_arrays_passed_to_constructors_are_the_heap() {
    let module = lowered(PROGRAM);
    // `b.v += x`: a field of an object the constructor was given.
    assert_eq!(heap(&module, "Adder.add"), (true, true));
    // `a[0] = x` and `a[0] - x`: an array the constructor was given.
    assert_eq!(heap(&module, "Stamp.put"), (false, true));
    assert_eq!(heap(&module, "Stamp.get"), (true, false));
    // `G.v`: a field of a static final object; `SHARED[0]`: a static's array, which a
    // task may hold in a field too.
    assert_eq!(heap(&module, "Main.readG"), (true, false));
    assert_eq!(heap(&module, "Main.readShared"), (true, false));
    // Its own field, but its constructor gives `this` away (`r.c = this`).
    assert_eq!(heap(&module, "Counter.count"), (false, true));
}

#[test]
fn a_tasks_own_object_and_what_it_made_are_not() {
    let module = lowered(PROGRAM);
    // Its own fields, an array its initializer made, a helper called on `this`.
    assert_eq!(heap(&module, "Tally.count"), (false, false));
    // A `Random` its constructor made.
    assert_eq!(heap(&module, "Noise.mix"), (false, false));
    // A draw from a static `Random` writes that static, and the heap (a task may hold it
    // in a field).
    let draw = task_effects(&module, find(&module, "Main.draw"));
    assert_eq!((draw.heap_reads, draw.heap_writes), (false, true));
    assert_eq!(draw.writes.len(), 1, "{draw:?}");
}
