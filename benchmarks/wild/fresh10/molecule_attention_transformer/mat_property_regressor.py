from molecule_attention_transformer import MAT

# atom features (one-hot element, degree, charge, ...) of size 43 -> one regression target
model = MAT(
    dim_in=43,
    model_dim=256,
    dim_out=1,
    depth=4,
    heads=8,
    Lg=0.5,
    Ld=0.25,
    La=0.25,
    dist_kernel_fn="exp",
)
