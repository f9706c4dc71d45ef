// not a kernel
