// Runs the f64 exp, exp2, log, log2, sin and cos that trex builds in IR (math-f64-accuracy.test)
// against the C library over random and special arguments and prints the largest error in ulp.
#include <math.h>
#include <stdio.h>

typedef void (*Kernel)(double *, double *, void *, void *);
void k_exp(double *, double *, void *, void *);
void k_exp2(double *, double *, void *, void *);
void k_log(double *, double *, void *, void *);
void k_log2(double *, double *, void *, void *);
void k_sin(double *, double *, void *, void *);
void k_cos(double *, double *, void *, void *);

// Distance in units of the last place of `want`; NaN and infinities must match exactly.
static double ulps(double got, double want) {
  if (isnan(want))
    return isnan(got) ? 0 : 1e9;
  if (isinf(want) || want == 0)
    return got == want ? 0 : 1e9;
  int exponent;
  frexp(want, &exponent);
  int place = exponent - 53 < -1074 ? -1074 : exponent - 53;
  return fabs(got - want) / ldexp(1.0, place);
}

static unsigned seed = 12345;
static double uniform(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 8) / 16777216.0;
}

// Arguments uniform in [low, high], or with `logScale` 2^e (1 + u) for e in [low, high].
static void check(const char *name, Kernel kernel, double (*reference)(double), double low,
                  double high, int logScale) {
  static const double specials[] = {0.0,  -0.0,     1.0,    -1.0,   INFINITY, -INFINITY,
                                    NAN,  4.9e-324, 2.2e-308, 1e-300, 0.5,   2.0,
                                    709.78, -745.1, 1023.9, -1074.5, 1e5,   3.14159};
  const int count = sizeof(specials) / sizeof(specials[0]);
  double worst = 0, worstAt = 0;
  for (int i = 0; i < 100000 + count; ++i) {
    double x = i < count   ? specials[i]
               : logScale ? ldexp(1.0 + uniform(), (int)(low + (high - low) * uniform()))
                          : low + (high - low) * uniform();
    double y;
    kernel(&x, &y, 0, 0);
    double error = ulps(y, reference(x));
    if (error > worst) {
      worst = error;
      worstAt = x;
    }
  }
  printf("%s: %.0f ulp (at %.17g)\n", name, worst, worstAt);
}

int main(void) {
  check("exp", k_exp, exp, -745, 709.7, 0);
  check("exp2", k_exp2, exp2, -1075, 1023.9, 0);
  check("log", k_log, log, -1074, 1023, 1);
  check("log-near-1", k_log, log, 0.9, 1.1, 0);
  check("log2", k_log2, log2, -1074, 1023, 1);
  check("sin", k_sin, sin, -10, 10, 0);
  check("sin-large", k_sin, sin, -1e5, 1e5, 0);
  check("cos", k_cos, cos, -10, 10, 0);
  check("cos-large", k_cos, cos, -1e5, 1e5, 0);
  return 0;
}
