class Group {
    long count;
}

class Particle {
    double x;
    double vx;
    long h;
    int[] hist;
    Group group;

    Particle(double x, double vx, Group group) {
        this.x = x;
        this.vx = vx;
        this.group = group;
        hist = new int[4];
    }

    double advance(int k) {
        double f = 0;
        for (int s = 0; s < 200; s++) {
            f += Math.sin(x * 0.001 + s) * 0.01;
        }
        vx += f;
        x += vx;
        h = h * 31 + k;
        hist[k % 4]++;
        return x;
    }
}

class Main {
    static double step(Particle p, int k) {
        return p.advance(k);
    }

    static double pull(Particle p, Particle[] all, int k) {
        Particle q = all[(k + 1) % all.length];
        p.x += q.x * 0.5;
        return p.advance(k);
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
            s = s * 31 + (long) (ps[i].x * 1000) + ps[i].h + ps[i].hist[i % 4];
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

        double[] pulled = new double[n];
        for (int i = 0; i < n; i++) {
            pulled[i] = pull(ps[i], ps, i);
        }
        System.out.println("pulled: " + hash(pulled) + " " + state(ps));

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
