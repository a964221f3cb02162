"""FT-Transformer with the paper's default hyperparameters (rtdl), numeric and categorical columns."""

import rtdl

N_NUM = 8
CAT_CARDINALITIES = [3, 7, 12]

model = rtdl.FTTransformer.make_default(
    n_num_features=N_NUM,
    cat_cardinalities=CAT_CARDINALITIES,
    n_blocks=2,
    last_layer_query_idx=[-1],
    d_out=1,
)
