// String concatenation and String `+=` take each operand's value in Java's order, and a
// place (an element, a field reached through a call) is evaluated once; `print(char[])`
// writes the characters.
class Main {
    String name = "n";
    static Main holder = new Main();
    static int gets = 0;
    static String st = "s";
    static Main get() { gets++; return holder; }
    static int idx() { gets++; return 1; }
    static int[] arr2 = {1, 2, 3};
    static int calls = 0;
    static int bump(int[] a) {
        a[0] = 100;
        calls++;
        return calls;
    }
    static String name() { calls++; return "n" + calls; }
    public static void main(String[] args) {
        String[] arr = {"a", "b", "c"};
        int i = 0;
        arr[i++] += "x";
        System.out.println(arr[0] + " " + arr[1] + " i=" + i);
        get().name += "z";
        System.out.println(holder.name + " gets=" + gets);
        arr[idx()] += 'c';
        arr[idx()] += 1.5f;
        arr[2] += null;
        String n = null;
        n += "a";
        n += 7L;
        st += n;
        int j = 0;
        String r = (arr[j++] += "q") + (arr[j++] += "w");
        System.out.println(r + " " + j + " " + arr[0] + arr[1] + arr[2] + " " + n + " " + st + " " + gets);
        String s = "a";
        s += s += "b";
        System.out.println(s);
        int v = 1;
        String o = "o" + v + ++v;
        System.out.println(o);
        String t = "q";
        t = t + (t = "r") + t;
        System.out.println(t);
        double d = 0.5;
        System.out.println("p" + d + (d *= 3) + d);
        int[] a = {7, 8};
        System.out.println("x" + a[0] + bump(a) + a[0] + calls);
        System.out.println(name() + calls + name() + calls);
        char c = 'a';
        System.out.println(c + "" + c++ + c + (c += 2) + c);
        long L = 5;
        String u = null;
        System.out.println(u + L + (u = "z") + (L <<= 2) + u + L);
        char[] cs = {'a', 'b', (char) 0xD83D, (char) 0xDE00, 'z', (char) 0xD800};
        System.out.println(cs);
        System.out.print(cs);
        System.out.println();
        System.err.println(new char[]{'e', 'r'});
        System.out.println(new char[0]);
    }
}
