// args: 20000 8
class Mixer {
    long gain;
    long[] table;

    Mixer(long gain, int n) {
        this.gain = gain;
        this.table = new long[n];
        for (int i = 0; i < n; i++) {
            table[i] = (i * 37L) % 101;
        }
    }

    long[] add(long[] u, int r) {
        long[] v = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            v[i] = (u[i] * gain + r) % 999983;
        }
        return v;
    }

    long[] mix(long[] u) {
        long[] v = new long[u.length];
        for (int i = 0; i < u.length; i++) {
            v[i] = (u[i] + table[i]) % 999983;
        }
        return v;
    }
}

class Stats {
    static long sum(long[] u) {
        long t = 0;
        for (int i = 0; i < u.length; i++) {
            t += u[i];
        }
        return t;
    }
}

class Main {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        long[] u = new long[n];
        for (int i = 0; i < n; i++) {
            u[i] = (i * 131L) % 1000;
        }
        Mixer src = new Mixer(5, n);
        long acc = 0;
        for (int r = 0; r < rounds; r++) {
            u = src.add(u, r);
            u = src.mix(u);
            acc = acc * 13 + Stats.sum(u);
        }
        System.out.println(acc + " " + u[7] + " " + u[n - 1]);
        Mixer none = null;
        u = none.add(u, 1);
        System.out.println("unreached " + u[0]);
    }
}
