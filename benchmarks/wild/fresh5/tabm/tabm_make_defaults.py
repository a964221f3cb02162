"""TabM through its recommended constructor, with the defaults TabM.make fills in."""

from tabm import TabM

model = TabM.make(n_num_features=12, cat_cardinalities=[4, 7, 3], d_out=1, k=8)
