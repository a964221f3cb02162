"""The ``forward()`` dataflow pass: follows tensors through forward and adds edges and op nodes."""
