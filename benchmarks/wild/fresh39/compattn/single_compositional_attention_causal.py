# one causal compositional attention layer with its defaults for dim_head / searches
from compositional_attention_pytorch import CompositionalAttention

model = CompositionalAttention(dim=512, num_searches=8, num_retrievals=2, causal=True, dropout=0.1)
