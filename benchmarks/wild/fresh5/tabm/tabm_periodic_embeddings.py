import rtdl_num_embeddings
from tabm import TabM

n_num = 8
num_embeddings = rtdl_num_embeddings.PeriodicEmbeddings(n_num, d_embedding=16, n_frequencies=12, lite=True)
model = TabM(
    n_num_features=n_num,
    d_out=3,
    num_embeddings=num_embeddings,
    n_blocks=2,
    d_block=128,
    dropout=0.1,
    k=16,
    arch_type="tabm-mini",
    start_scaling_init="normal",
)
