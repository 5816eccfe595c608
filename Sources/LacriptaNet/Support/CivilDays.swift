/// Day arithmetic of the proleptic Gregorian calendar, without Foundation's calendars (Howard
/// Hinnant's `days_from_civil` and `civil_from_days`): the one copy HTTP dates, the simulator's
/// wire times and the feeds' and ledger's dates share. Here because every module that reads or
/// writes a date sits on LacriptaNet; only LacriptaTerminal, which depends on nothing, keeps its own.
public enum CivilDays {
    /// Days from 1970-01-01 to the given date (negative before it).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month and day `days` after 1970-01-01.
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        // Counted from 0000-03-01, so a leap day falls at the end of its year.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The number of days in `month` of `year`; 0 for a month outside 1...12.
    public static func daysIn(month: Int, year: Int) -> Int {
        guard (1...12).contains(month) else { return 0 }
        if month == 2 { return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28 }
        return [4, 6, 9, 11].contains(month) ? 30 : 31
    }
}
