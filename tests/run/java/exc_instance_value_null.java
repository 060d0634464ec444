// Java twin of exc_instance_value_null.somd, with the sequential meaning of its SOMD
// constructs: a SOMD method runs as one method instance over the whole array; value
// classes are final classes.
final class Pt {
    float x;
    float y;

    Pt(float x, float y) {
        this.x = x;
        this.y = y;
    }
}

class Main {
    Pt origin;
    float scale;

    Main(Pt origin, float scale) {
        this.origin = origin;
        this.scale = scale;
    }

    double spread(float[] xs) {
        double s = 0;
        for (int i = 0; i < xs.length; i++) {
            s += (xs[i] - origin.x) * scale;
        }
        return s;
    }

    public static void main(String[] args) {
        float[] xs = new float[5000];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = (i % 64) * 0.5f;
        }
        System.out.println(new Main(new Pt(1.0f, 2.0f), 0.5f).spread(xs));
        System.out.println(new Main(null, 0.5f).spread(xs));
    }
}
