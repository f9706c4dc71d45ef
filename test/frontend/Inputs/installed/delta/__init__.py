# no version here
VALUE = 1
