// Java twin of map_tiled.somd: every `@` is a loop over the mapped argument, `+ !` a left
// fold from 0, value arrays are arrays.
import java.util.Random;

class Main {
    static float pull(float x, float[] others) {
        float s = 0;
        for (int j = 0; j < others.length; j++) {
            float d = others[j] - x;
            s += d * d * 0.5f + d;
        }
        return s;
    }

    static int mixAbove(int x, int[] others) {
        int c = 0;
        for (int j = 0; j < others.length; j++) {
            if (others[j] <= x) {
                continue;
            }
            c = c * 31 + (others[j] ^ j);
        }
        return c;
    }

    static int firstAbove(int x, int[] others) {
        int at = -1;
        for (int j = 0; j < others.length; j++) {
            if (others[j] > x) {
                at = j;
                break;
            }
        }
        return at;
    }

    static int floatBits(float[] v) {
        int h = 0;
        for (int i = 0; i < v.length; i++) {
            h = h * 31 + Float.floatToIntBits(v[i]);
        }
        return h;
    }

    static int intHash(int[] v) {
        int h = 0;
        for (int i = 0; i < v.length; i++) {
            h = h * 31 + v[i];
        }
        return h;
    }

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        Random random = new Random(77);
        int[] sizes = {1, 5, 255, 256, 257, n};
        for (int k = 0; k < sizes.length; k++) {
            int m = sizes[k];
            float[] xs = new float[m];
            int[] is = new int[m];
            for (int i = 0; i < m; i++) {
                xs[i] = random.nextFloat() * 4 - 2;
                is[i] = random.nextInt(1000);
            }
            float[] fx = xs.clone();
            int[] ix = is.clone();
            float[] pulls = new float[m];
            int[] mixes = new int[m];
            int[] firsts = new int[m];
            for (int i = 0; i < m; i++) {
                pulls[i] = pull(xs[i], fx);
                mixes[i] = mixAbove(is[i], ix);
                firsts[i] = firstAbove(is[i], ix);
            }
            int total = 0;
            for (int i = 0; i < m; i++) {
                total += mixAbove(is[i], ix);
            }
            System.out.println(m + ": " + pulls[0] + " " + pulls[m - 1] + " " + floatBits(pulls)
                + " " + mixes[m / 2] + " " + intHash(mixes) + " " + intHash(firsts) + " " + total);
        }
    }
}
