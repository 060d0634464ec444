// Java twin of task_widen_edges.somd: each graph as the loop of its tasks.
class Main {
    static int next = 0;
    static int limit = 300;
    static long fold = 0;
    static int count = 0;

    static int src() {
        if (next >= limit) {
            throw new Underflow();
        }
        next++;
        return next * 65599 + 16777000;
    }

    static char toChar(int v) {
        return (char) (v * 13 + 40000);
    }

    static int fromChar(int c) {
        return c * 3 - 70000;
    }

    static byte toByte(int v) {
        return (byte) (v * 7);
    }

    static long fromByte(long b) {
        return b * 1000000007L;
    }

    static short toShort(int v) {
        return (short) (v * 11);
    }

    static double fromShort(double s) {
        return s / 7;
    }

    static int big(int v) {
        return v | 1;
    }

    static float asFloat(float f) {
        return f + 0.5f;
    }

    static long bigL(int v) {
        return (long) v * v * 3 + 1;
    }

    static long cube(int v) {
        return (long) v * v * v * 7 + 1;
    }

    static float lToF(float f) {
        return f * 2;
    }

    static double lToD(double d) {
        return d + 0.25;
    }

    static float half(int v) {
        return v / 3.0f;
    }

    static double fToD(double d) {
        return d * 1e-3;
    }

    static void sinkI(int x) {
        count++;
        fold = fold * 31 + x;
    }

    static void sinkL(long x) {
        count++;
        fold = fold * 31 + x;
    }

    static void sinkD(double x) {
        count++;
        fold = fold * 31 + Double.doubleToLongBits(x);
    }

    static void sinkF(float x) {
        count++;
        fold = fold * 31 + Float.floatToIntBits(x);
    }

    static void report(String what) {
        System.out.println(what + " count " + count + " fold " + fold);
        next = 0;
        count = 0;
        fold = 0;
    }

    public static void main(String[] args) {
        try { while (true) sinkI(fromChar(toChar(src()))); } catch (Underflow u) {}
        report("char->int");
        try { while (true) sinkL(fromByte(toByte(src()))); } catch (Underflow u) {}
        report("byte->long");
        try { while (true) sinkD(fromShort(toShort(src()))); } catch (Underflow u) {}
        report("short->double");
        try { while (true) sinkF(asFloat(big(src()))); } catch (Underflow u) {}
        report("int->float");
        try { while (true) sinkF(lToF(bigL(src()))); } catch (Underflow u) {}
        report("long->float");
        try { while (true) sinkD(lToD(bigL(src()))); } catch (Underflow u) {}
        report("long->double");
        try { while (true) sinkD(fToD(half(src()))); } catch (Underflow u) {}
        report("float->double");
        try { while (true) sinkF(asFloat(toChar(src()))); } catch (Underflow u) {}
        report("char->float");
        try { while (true) sinkD(lToD(cube(src()))); } catch (Underflow u) {}
        report("long->double past 2^53");
        try { while (true) sinkF(lToF(cube(src()))); } catch (Underflow u) {}
        report("long->float past 2^53");
    }
}

class Underflow extends RuntimeException {}
