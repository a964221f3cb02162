from block_recurrent_transformer_pytorch import BlockRecurrentTransformer

hparams = {"num_tokens": 512, "dim": 128, "depth": 3, "block_width": 64, "max_seq_len": 256}
model = BlockRecurrentTransformer(**hparams, use_compressed_mem=True, compressed_mem_factor=2)
