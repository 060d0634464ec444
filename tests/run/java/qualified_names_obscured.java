class R {
    int MAX_VALUE;

    R() {
        MAX_VALUE = 7;
    }
}

class Q {
    R Integer;

    Q() {
        Integer = new R();
    }
}

class P {
    Q lang;

    P() {
        lang = new Q();
    }
}

class Main {
    public static void main(String[] args) {
        P java = new P();
        System.out.println(java.lang.Integer.MAX_VALUE);
    }
}
