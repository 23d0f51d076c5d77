// A constraint's terms, read and built in place: up to four held in the
// constraint itself (see `Constraint._term0`), more in an array.

extension Constraint {
    /// The term at `index` (`0..<_termCount`), read in place.
    @inlinable @inline(__always)
    package func _term(at index: Int) -> Term {
        if _termCount > Self._inlineTermCapacity { return _spilledTerms[index] }
        switch index {
        case 0: return _term0.unsafelyUnwrapped
        case 1: return _term1.unsafelyUnwrapped
        case 2: return _term2.unsafelyUnwrapped
        default: return _term3.unsafelyUnwrapped
        }
    }

    /// The variable of the term at `index`, unretained (the constraint
    /// keeps it alive): read in place, without retaining it.
    @inlinable @inline(__always)
    package func _termVariable(at index: Int) -> Unmanaged<Variable> {
        Unmanaged.passUnretained(_term(at: index).variable)
    }

    /// The coefficient of the term at `index`, read in place.
    @inlinable @inline(__always)
    package func _termCoefficient(at index: Int) -> Double { _term(at: index).coefficient }

    /// Calls `body` with each term's coefficient and variable (unretained),
    /// in order, read in place: the inline terms one after another, without
    /// a jump on the index per term (a check of every required
    /// constraint's residual at a re-layout reads them all).
    @inline(__always)
    func _forEachTerm(_ body: (Double, Unmanaged<Variable>) -> Void) {
        let count = _termCount
        if count > Self._inlineTermCapacity {
            for term in _spilledTerms { body(term.coefficient, .passUnretained(term.variable)) }
            return
        }
        // Each inline term by its field, the first `count` of them.
        @inline(__always) func call(_ term: borrowing Term?) {
            body(
                term.unsafelyUnwrapped.coefficient, .passUnretained(term.unsafelyUnwrapped.variable)
            )
        }
        guard count > 0 else { return }
        call(_term0)
        guard count > 1 else { return }
        call(_term1)
        guard count > 2 else { return }
        call(_term2)
        guard count > 3 else { return }
        call(_term3)
    }

    /// Sets the constant of a constraint being built (`makeSolverConstraint`
    /// finds it with the terms). A call into this module: another module
    /// writing the stored property checks exclusivity at run time.
    package func _setBuiltConstant(_ constant: Double) { self.constant = constant }

    /// Appends `term` after the others (while the constraint is built).
    @usableFromInline
    package func _appendTerm(_ term: Term) {
        switch _termCount {
        case 0: _term0 = term
        case 1: _term1 = term
        case 2: _term2 = term
        case 3: _term3 = term
        case Self._inlineTermCapacity:
            var all: [Term] = []
            all.reserveCapacity(2 * Self._inlineTermCapacity)
            for i in 0..<Self._inlineTermCapacity { all.append(_term(at: i)) }
            all.append(term)
            _term0 = nil
            _term1 = nil
            _term2 = nil
            _term3 = nil
            _spilledTerms = all
        default: _spilledTerms.append(term)
        }
        _termCount += 1
    }

    /// Adds `amount` to the coefficient of `variable`'s term (`coefficient
    /// += amount`), or appends the term `amount × variable` when there is
    /// none: terms merged as they are built, one per variable, in
    /// first-use order.
    @usableFromInline
    package func _addTerm(_ variable: Variable, _ amount: Double) {
        for i in 0..<_termCount
        where _termVariable(at: i).toOpaque()
            == Unmanaged.passUnretained(variable).toOpaque()
        {
            if _termCount > Self._inlineTermCapacity {
                _spilledTerms[i].coefficient += amount
                return
            }
            switch i {
            case 0: _term0!.coefficient += amount
            case 1: _term1!.coefficient += amount
            case 2: _term2!.coefficient += amount
            default: _term3!.coefficient += amount
            }
            return
        }
        _appendTerm(Term(variable, amount))
    }

    /// Sets the terms of a constraint being built (with none yet) to
    /// `terms`, in order.
    func _setTerms(_ terms: [Term]) {
        if terms.count > Self._inlineTermCapacity {
            _spilledTerms = terms
            _termCount = terms.count
        } else {
            for term in terms { _appendTerm(term) }
        }
    }

    /// Drops the terms whose coefficients cancelled out (last first), the
    /// others keeping their order.
    package func _removeZeroTerms() {
        var i = _termCount - 1
        while i >= 0 {
            if _termCoefficient(at: i) == 0 { _removeTerm(at: i) }
            i -= 1
        }
    }

    /// Removes the term at `index`, the others keeping their order.
    func _removeTerm(at index: Int) {
        var kept: [Term] = []
        for i in 0..<_termCount where i != index { kept.append(_term(at: i)) }
        _term0 = nil
        _term1 = nil
        _term2 = nil
        _term3 = nil
        _spilledTerms = []
        _termCount = 0
        _setTerms(kept)
    }
}
