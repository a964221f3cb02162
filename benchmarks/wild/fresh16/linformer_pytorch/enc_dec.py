import torch.nn as nn
from linformer_pytorch import LinformerEncDec


class Translator(nn.Module):
    def __init__(self, src_vocab, tgt_vocab, seq=48, d=32):
        super().__init__()
        self.core = LinformerEncDec(
            enc_num_tokens=src_vocab,
            enc_input_size=seq,
            enc_channels=d,
            dec_num_tokens=tgt_vocab,
            dec_input_size=seq,
            dec_channels=d,
            enc_dim_k=12,
            dec_dim_k=12,
            enc_dim_ff=64,
            dec_dim_ff=64,
            enc_depth=1,
            dec_depth=2,
            enc_parameter_sharing="layerwise",
            dec_parameter_sharing="kv",
        )


model = Translator(400, 500)
