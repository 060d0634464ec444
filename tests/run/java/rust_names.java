// Java twin of rust_names.somd: the same program (a plain method for the SOMD one).
class Result {
    int Ok;
    long Err;

    Result(int Ok, long Err) {
        this.Ok = Ok;
        this.Err = Err;
    }

    int match(int fn) {
        return Ok * fn;
    }
}

class Box {
    static int loop(int impl, int Some) {
        int Vec = 0;
        for (int mod = 0; mod < impl; mod++) {
            Vec += Some;
        }
        return Vec;
    }
}

class Main {
    static int Ok(int Err) {
        return Err + 1;
    }

    static long type(int[] None) {
        long Ok = 0;
        for (int Err = 0; Err < None.length; Err++) {
            Ok += None[Err];
        }
        return Ok;
    }

    public static void main(String[] args) {
        int Ok = 2;
        Result Err = new Result(Ok, 5L);
        System.out.println(Ok(Ok) + " " + Err.match(3) + " " + Err.Err);
        System.out.println(Box.loop(4, Ok));
        int[] Some = new int[100];
        for (int i = 0; i < Some.length; i++) {
            Some[i] = i;
        }
        System.out.println(type(Some));
    }
}
