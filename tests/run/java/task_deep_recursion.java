// Java twin of task_deep_recursion.somd.
final class V {
    long f0;
    long f1;
    long f2;
    long f3;
    long f4;
    long f5;
    long f6;
    long f7;
    long f8;
    long f9;
    long f10;
    long f11;
    long f12;
    long f13;
    long f14;
    long f15;
    long f16;
    long f17;
    long f18;
    long f19;
    long f20;
    long f21;
    long f22;
    long f23;

    V(long a0, long a1, long a2, long a3, long a4, long a5, long a6, long a7, long a8, long a9, long a10, long a11, long a12, long a13, long a14, long a15, long a16, long a17, long a18, long a19, long a20, long a21, long a22, long a23) {
        this.f0 = a0;
        this.f1 = a1;
        this.f2 = a2;
        this.f3 = a3;
        this.f4 = a4;
        this.f5 = a5;
        this.f6 = a6;
        this.f7 = a7;
        this.f8 = a8;
        this.f9 = a9;
        this.f10 = a10;
        this.f11 = a11;
        this.f12 = a12;
        this.f13 = a13;
        this.f14 = a14;
        this.f15 = a15;
        this.f16 = a16;
        this.f17 = a17;
        this.f18 = a18;
        this.f19 = a19;
        this.f20 = a20;
        this.f21 = a21;
        this.f22 = a22;
        this.f23 = a23;
    }
}

class Main {
    static int d = 0;

    static V add(V p, V q) {
        return new V(p.f0 + q.f0, p.f1 + q.f1, p.f2 + q.f2, p.f3 + q.f3, p.f4 + q.f4, p.f5 + q.f5, p.f6 + q.f6, p.f7 + q.f7, p.f8 + q.f8, p.f9 + q.f9, p.f10 + q.f10, p.f11 + q.f11, p.f12 + q.f12, p.f13 + q.f13, p.f14 + q.f14, p.f15 + q.f15, p.f16 + q.f16, p.f17 + q.f17, p.f18 + q.f18, p.f19 + q.f19, p.f20 + q.f20, p.f21 + q.f21, p.f22 + q.f22, p.f23 + q.f23);
    }

    static V rec(V p, int n) {
        if (n == 0) {
            return p;
        }
        V r = rec(add(p, p), n - 1);
        return add(r, p);
    }

    static V one() {
        return new V(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
    }

    static int cnt = 0;

    static int src() {
        if (cnt >= 1) {
            throw new Underflow();
        }
        cnt++;
        return cnt;
    }

    static long filt(int x) {
        return rec(one(), d).f3;
    }

    static void sink(long x) {
        System.out.println("sink " + x);
    }

    public static void main(String[] args) {
        int which = 1;
        d = 5000;
        System.out.println("start");
        if (which == 0) {
            System.out.println(rec(one(), d).f3);
        } else {
            sink(filt(src()));
        }
    }
}
class Underflow extends RuntimeException {}
