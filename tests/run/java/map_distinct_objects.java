class Group {
    long count;
}

class Particle {
    double x;
    double vx;
    long h;
    int[][] rows;
    Group group;

    Particle(double x, double vx, Group group) {
        this.x = x;
        this.vx = vx;
        this.group = group;
        rows = new int[2][4];
    }

    double advance(int k) {
        double f = 0;
        for (int s = 0; s < 200; s++) {
            f += Math.sin(x * 0.001 + s) * 0.01;
        }
        vx += f;
        x += vx;
        h = h * 31 + k;
        return x;
    }
}

class Node {
    double x;
    long v;
    Node child;

    Node(int depth) {
        x = depth;
        Main.nodes[Main.made] = this;
        Main.made++;
        if (depth > 0) {
            child = new Node(depth - 1);
        }
    }
}

class Main {
    static Node[] nodes = new Node[20000];
    static int made = 0;

    static Particle hop(Particle p, int k) {
        p.advance(k);
        return p;
    }

    static Particle folded(Particle[] ps, int n) {
        Particle acc = hop(ps[0], 0);
        for (int k = 1; k < n; k++) {
            acc = hop(ps[k], k);
        }
        return acc;
    }

    // `+ !` of doubles: blocks of 1024 summed from 0, then a pairwise tree of the blocks'
    // sums, split at the larger half.
    static double tree(double[] parts, int lo, int hi) {
        if (hi - lo == 1) return parts[lo];
        int mid = lo + (hi - lo + 1) / 2;
        return tree(parts, lo, mid) + tree(parts, mid, hi);
    }

    static double dsum(double[] r) {
        if (r.length == 0) return 0.0;
        int blocks = (r.length + 1023) / 1024;
        double[] parts = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            double acc = 0.0;
            for (int k = b * 1024; k < Math.min(r.length, b * 1024 + 1024); k++) acc += r[k];
            parts[b] = acc;
        }
        return tree(parts, 0, blocks);
    }

    static double step(Particle p, int k) {
        return p.advance(k);
    }

    static long stamp(Particle p, int k) {
        p.h = p.h * 31 + k;
        return p.h;
    }

    static double pull(Particle p, Particle[] all, int k) {
        Particle q = all[(k + 1) % all.length];
        p.x += q.x * 0.5;
        return p.advance(k);
    }

    static double tally(Particle p, int k) {
        double f = p.advance(k);
        p.rows[0][k % 4] = p.rows[0][k % 4] * 31 + k;
        return f;
    }

    static double descend(Node n, int k) {
        double f = 0;
        for (int s = 0; s < 200; s++) {
            f += Math.sin(n.x * 0.001 + s) * 0.01;
        }
        n.v = n.v * 31 + k;
        if (n.x > 0.5) {
            n.child.v = n.child.v * 7 + k;
        }
        return f;
    }

    static long join(Particle p, int k) {
        p.group.count = p.group.count * 7 + k;
        return p.group.count;
    }

    static long hash(double[] r) {
        long s = 0;
        for (int i = 0; i < r.length; i++) {
            s = s * 31 + (long) (r[i] * 1000);
        }
        return s;
    }

    static long state(Particle[] ps) {
        long s = 0;
        for (int i = 0; i < ps.length; i++) {
            s = s * 31 + (long) (ps[i].x * 1000) + ps[i].h + ps[i].rows[i % 2][i % 4];
        }
        return s;
    }

    public static void main(String[] args) {
        int n = 20000;
        Group g = new Group();
        Particle[] ps = new Particle[n];
        for (int i = 0; i < n; i++) {
            ps[i] = new Particle(i * 0.5, (i % 7) * 0.25, g);
        }
        for (int round = 0; round < 3; round++) {
            double[] r = new double[n];
            for (int i = 0; i < n; i++) {
                r[i] = step(ps[i], i);
            }
            System.out.println("distinct " + round + ": " + hash(r) + " " + state(ps));
        }

        Particle[] few = new Particle[3];
        for (int i = 0; i < 3; i++) {
            few[i] = new Particle(i, 1, g);
        }
        Particle[] repeated = new Particle[n];
        for (int i = 0; i < n; i++) {
            repeated[i] = few[(i * 7) % 3];
        }
        repeated[n / 2] = null;
        repeated[n / 2] = ps[5];
        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            q[i] = step(repeated[i], i);
        }
        System.out.println("repeated: " + hash(q) + " " + state(few) + " " + ps[5].h);
        Particle[] many = new Particle[70000];
        for (int i = 0; i < many.length; i++) {
            many[i] = few[(i * 5) % 3];
        }
        long stamped = 0;
        for (int i = 0; i < many.length; i++) {
            stamped += stamp(many[i], i);
        }
        System.out.println("reduced: " + stamped + " " + state(few) + " " + ps[5].h);
        long spread = 0;
        for (int i = 0; i < n; i++) {
            spread += stamp(ps[i], i);
        }
        System.out.println("reduced distinct: " + spread + " " + state(ps));
        double[] steps = new double[n];
        for (int i = 0; i < n; i++) {
            steps[i] = step(ps[i], i);
        }
        double moved = dsum(steps);
        System.out.println("summed distinct: " + (long) (moved * 1000) + " " + state(ps));
        Particle end = folded(repeated, n);
        System.out.println("folded: " + end.h + " " + state(few) + " " + ps[5].h);

        double[] pulled = new double[n];
        for (int i = 0; i < n; i++) {
            pulled[i] = pull(ps[i], ps, i);
        }
        System.out.println("pulled: " + hash(pulled) + " " + state(ps));

        int[] common = new int[4];
        for (int i = 0; i < n; i++) {
            ps[i].rows[0] = common;
        }
        double[] tallied = new double[n];
        for (int i = 0; i < n; i++) {
            tallied[i] = tally(ps[i], i);
        }
        System.out.println("tallied: " + hash(tallied) + " " + state(ps) + " " + common[1]);

        for (int i = 0; i < n / 4; i++) {
            new Node(3);
        }
        Node[] ns = new Node[n];
        for (int i = 0; i < n; i++) {
            ns[i] = nodes[(i * 4 + i / (n / 4)) % n];
        }
        double[] down = new double[n];
        for (int i = 0; i < n; i++) {
            down[i] = descend(ns[i], i);
        }
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = v * 31 + ns[i].v;
        }
        System.out.println("descended: " + hash(down) + " " + v);

        long[] joined = new long[n];
        for (int i = 0; i < n; i++) {
            joined[i] = join(ps[i], i);
        }
        long j = 0;
        for (int i = 0; i < n; i++) {
            j = j * 31 + joined[i];
        }
        System.out.println("joined: " + j + " " + g.count);
    }
}
